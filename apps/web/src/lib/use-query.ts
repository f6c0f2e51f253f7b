import {
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery as useTanstackQuery,
} from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * TanStack Query's `useQuery`, except that a query's first data is rendered in a transition (issue 29: phone
 * performance). TanStack delivers results through `useSyncExternalStore`, which React renders synchronously: every
 * panel whose data arrived rendered its charts, tables and gauges in one task, 100–500 ms on a phone. Here the
 * component first renders once more as still loading (cheap), then with its data at transition priority, which
 * React renders in slices of a few milliseconds, so the page keeps answering taps and scrolling meanwhile.
 *
 * Only the arrival of the first data is deferred: cached data on mount, refetches of data already shown, errors and
 * placeholder data render at once, exactly as TanStack's own hook renders them.
 */
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const result = useTanstackQuery(options);
  const hasData = result.data !== undefined;
  const shownHasData = useDeferredValue(hasData);
  if (!hasData || shownHasData) return result;
  // First data, urgent render: the state before it arrived. A literal rather than a copy of `result`, whose
  // getters would subscribe the component to every field (TanStack re-renders only for the fields read).
  return {
    ...STILL_LOADING,
    refetch: result.refetch,
  } as unknown as UseQueryResult<TData, TError>;
}

const STILL_LOADING = {
  data: undefined,
  dataUpdatedAt: 0,
  error: null,
  errorUpdatedAt: 0,
  errorUpdateCount: 0,
  failureCount: 0,
  failureReason: null,
  fetchStatus: 'fetching',
  isEnabled: true,
  isError: false,
  isFetched: false,
  isFetchedAfterMount: false,
  isFetching: true,
  isInitialLoading: true,
  isLoading: true,
  isLoadingError: false,
  isPaused: false,
  isPending: true,
  isPlaceholderData: false,
  isRefetchError: false,
  isRefetching: false,
  isStale: true,
  isSuccess: false,
  status: 'pending',
} as const;
