import { MODEL_VIEW_QUERY_ROOT } from '../../../lib/query-roots.ts';

/**
 * Query keys of fault events. They start with the model-view root, so a live event (a new, acknowledged or closed
 * event) makes every list, count and detail on screen stale and they reload without a page reload.
 */
export const faultEventsKeys = {
  all: [MODEL_VIEW_QUERY_ROOT, 'fault-events'] as const,
  list: (modelId: string, params: object) => [...faultEventsKeys.all, 'list', modelId, params] as const,
  detail: (id: number) => [...faultEventsKeys.all, 'detail', id] as const,
  members: (modelId: string) => [...faultEventsKeys.all, 'members', modelId] as const,
  company: (filters: object) => [...faultEventsKeys.all, 'company', filters] as const,
  history: (modelId: string, start: string, end: string) =>
    [...faultEventsKeys.all, 'history', modelId, start, end] as const,
  scheduler: ['fault-event-scheduler'] as const,
};
