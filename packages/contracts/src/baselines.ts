import { z } from 'zod';

/** One monitored value's learned baseline (issue 25 item 4, docs/baselines.md). */
export const baselineTag = z.object({
  tag: z.string(),
  name: z.string(),
  state: z.enum(['learning', 'learned']),
  /** Start of the learning period (ISO instant). */
  startedAt: z.string(),
  /** Values the learning period has seen. */
  captures: z.number().int(),
  /** The learned median and limits, in the value's unit; null while learning. */
  centre: z.number().nullable(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  learnedAt: z.string().nullable(),
});
export type BaselineTag = z.infer<typeof baselineTag>;

/** A model's learned baselines: its rule and where each monitored value stands. */
export const modelBaseline = z.object({
  learningDays: z.number().int(),
  learningCaptures: z.number().int(),
  warningDeviations: z.number(),
  alarmDeviations: z.number(),
  /** True while any monitored value is still learning. */
  learning: z.boolean(),
  /** Day of the learning period (1 = its first day) of the value that started last; null when nothing learns. */
  day: z.number().int().nullable(),
  tags: z.array(baselineTag),
});
export type ModelBaseline = z.infer<typeof modelBaseline>;

export const baselineResetResult = z.object({
  /** Monitored values whose learning period started again. */
  reset: z.number().int(),
  startedAt: z.string(),
});
export type BaselineResetResult = z.infer<typeof baselineResetResult>;
