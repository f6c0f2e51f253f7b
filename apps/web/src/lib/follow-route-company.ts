import { useEffect, useRef } from 'react';
import { findCompany, useSession } from './session.tsx';

/**
 * A company page opened by its address (a bookmark, a shared link, another tab), or a model page by its model's
 * company, makes that company the session's selected one, as choosing it on Companies does: the drawer, the
 * header's logo and alarm bell and what the page offers (which follow the selected company's permissions) then
 * agree with the company shown. Only a company the user may open is selected, and only once per visit, so a
 * refused selection does not repeat.
 */
export function useFollowRouteCompany(routeCompanyId: string | undefined): void {
  const { me, selectCompany } = useSession();
  const tried = useRef<string | undefined>(undefined);
  const mayOpen = findCompany(me, routeCompanyId) !== undefined;
  const selected = me.selectedCompanyId;

  useEffect(() => {
    if (!routeCompanyId || routeCompanyId === selected || !mayOpen || tried.current === routeCompanyId)
      return;
    tried.current = routeCompanyId;
    void selectCompany(routeCompanyId).catch(() => undefined);
  }, [routeCompanyId, selected, mayOpen, selectCompany]);
}
