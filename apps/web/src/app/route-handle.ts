import type { ParseKeys } from 'i18next';
import { useMatches } from 'react-router';

/** How a route shows the company drawer: open, closed until toggled, or not at all. */
export type DrawerMode = 'open' | 'closed' | 'hidden';

/** Static facts a route declares in its `handle`. */
export type RouteHandle = {
  /** Translation key of the page title (also the document title). */
  title?: ParseKeys;
  drawer?: DrawerMode;
};

/** The handle of the deepest matched route that declares one, and that route's id. */
export function useRouteHandle(): RouteHandle & { routeId: string | undefined } {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    const handle = match?.handle as RouteHandle | undefined;
    if (handle) return { ...handle, routeId: match?.id };
  }
  return { routeId: undefined };
}
