import type { StatusHistory } from '@sdp/contracts';
import { notFound } from '../../lib/http-error.ts';
import type { StatusHistoryRepository } from './status-history.repository.ts';

const MAX_CHANGES = 1000;

/**
 * A model's stored status history read back (issue 26 items 1 and 4): the days of a range in the company's time zone
 * with the worst status of each, the changes, and since when the model has been at its current warning or alarm
 * level. The report's status history reads the same days.
 */
export function createStatusHistoryService(repository: StatusHistoryRepository) {
  return {
    /** Days in the company's zone with the worst status of each (null: no history yet), as the report counts them. */
    days: repository.days,

    async read(modelId: string, from: Date, to: Date): Promise<StatusHistory> {
      const model = await repository.model(modelId);
      if (!model) throw notFound('Model not found.');
      const [alarmSince, days, changes] = await Promise.all([
        repository.runStart(modelId, model.status),
        repository.days(modelId, from, to, model.time_zone),
        repository.changes(modelId, from, to, MAX_CHANGES + 1),
      ]);
      // The change in force at `from` comes first and does not count against the limit.
      const inRange = changes.filter((change) => change.changed_at >= from);
      const truncated = inRange.length > MAX_CHANGES;
      const shown = truncated ? changes.slice(0, changes.length - 1) : changes;
      return {
        status: model.status,
        alarmSince: alarmSince?.toISOString() ?? null,
        timeZone: model.time_zone,
        days,
        changes: shown.map((change) => ({
          at: change.changed_at.toISOString(),
          status: change.status,
          source: change.source,
          tag: change.tag,
          value: change.value,
        })),
        truncated,
      };
    },
  };
}

export type StatusHistoryService = ReturnType<typeof createStatusHistoryService>;
