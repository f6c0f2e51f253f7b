import { z } from 'zod';

/**
 * A model's stored status history (issue 26 items 1 and 4, migration 0043): one change per row, written by the
 * evaluation that sets the model's status. Status codes of spec 02 §4: −1 no data, 0 normal, 1 warning, 2 alarm.
 */

const instant = z.iso.datetime({ offset: true });

/** Longest range one request reads: a year of days. */
export const STATUS_HISTORY_MAX_DAYS = 366;

export const statusHistoryQuery = z
  .object({
    from: instant,
    to: instant,
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), {
    message: 'to: must be after from',
    path: ['to'],
    when: (payload) => payload.issues.length === 0,
  })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= STATUS_HISTORY_MAX_DAYS * 86_400_000, {
    message: `to: a status history covers at most ${STATUS_HISTORY_MAX_DAYS} days`,
    path: ['to'],
    when: (payload) => payload.issues.length === 0,
  });
export type StatusHistoryQuery = z.infer<typeof statusHistoryQuery>;

export const modelStatusChange = z.object({
  at: instant,
  status: z.number().int(),
  /** What drove it: a tag's values (`evaluation`), the model's silence (`no_data`), the migration (`backfill`). */
  source: z.enum(['evaluation', 'no_data', 'backfill']),
  /** With `evaluation`: the tag whose status moved the model's, and the value that did it. */
  tag: z.string().nullable(),
  value: z.number().nullable(),
});
export type ModelStatusChange = z.infer<typeof modelStatusChange>;

export const statusHistory = z.object({
  /** The model's status now, and since when it has been at that warning or alarm level (null when not). */
  status: z.number().int(),
  alarmSince: instant.nullable(),
  /** The company's time zone the days are counted in. */
  timeZone: z.string(),
  /**
   * Each local day of [from, to): the worst status the model had at any moment of it (the one in force when it
   * began included); null where the history does not reach (before the first change recorded).
   */
  days: z.array(z.object({ day: z.string(), status: z.number().int().nullable() })),
  /** The change in force at `from`, then each change in the range, in time order (at most 1,000). */
  changes: z.array(modelStatusChange),
  /** More than 1,000 changes in the range: `changes` holds the first ones. */
  truncated: z.boolean(),
});
export type StatusHistory = z.infer<typeof statusHistory>;
