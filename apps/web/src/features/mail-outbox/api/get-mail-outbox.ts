import type { outboxPage } from '@sdp/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { mailOutboxKeys } from './keys.ts';

export type OutboxPage = z.infer<typeof outboxPage>;
export type OutboxMessage = OutboxPage['items'][number];

/** How often the outbox looks again: a queued mail is delivered (or stored) within seconds. */
const REFRESH_MS = 5000;

export function getMailOutbox(
  { page, perPage }: { page: number; perPage: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<OutboxPage> {
  return apiClient.get<OutboxPage>('/api/v1/mail-outbox', { query: { page, perPage }, signal });
}

export function mailOutboxQueryOptions(page: number, perPage: number) {
  return queryOptions({
    queryKey: mailOutboxKeys.page(page, perPage),
    queryFn: ({ signal }) => getMailOutbox({ page, perPage }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useMailOutbox(page: number, perPage: number) {
  return useQuery(mailOutboxQueryOptions(page, perPage));
}
