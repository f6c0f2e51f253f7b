import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthorized } from './api-client.ts';

type UnauthorizedMeta = {
  /** Set when the caller turns a 401 into its own outcome (sign-in form, sign-in guard). */
  handlesUnauthorized?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    queryMeta: UnauthorizedMeta;
    mutationMeta: UnauthorizedMeta;
  }
}

const MAX_RETRIES = 2;
/** How long an answer counts as fresh: other components mounting on it take it as it is. */
const FRESH_MS = 5_000;

function shouldRetry(failureCount: number, error: Error): boolean {
  // Client errors (401, 403, 404…) will not change by asking again; network and server errors may.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * The app's query client. A 401 on any call that does not handle it itself means the session has ended:
 * `onUnauthorized` then runs the sign-out flow.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  const handle = (error: Error, meta: UnauthorizedMeta | undefined) => {
    if (isUnauthorized(error) && !meta?.handlesUnauthorized) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handle(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // An answer is not asked for again when another part of the page mounts on it within a few seconds (issue
        // 29: the company page fetched its dashboard and overall status tables twice while loading, 0.2 s apart, and
        // drew them twice). Live events, Auto and the refresh buttons invalidate, which refetches regardless.
        staleTime: FRESH_MS,
      },
      mutations: { retry: false },
    },
  });
}
