import { z } from 'zod';
import { uuid } from './common.ts';
import { outcomeFailureMode } from './fault-events.ts';

/**
 * Alarm precision (issue 25 item 5): of the fault events closed with an outcome, how many were confirmed faults,
 * and of those, how many had a Warning before they reached Alarm and how many days before (the median).
 */
export const precisionFigures = z.object({
  /** Events closed with an outcome. */
  closed: z.number().int(),
  confirmed: z.number().int(),
  noFault: z.number().int(),
  planned: z.number().int(),
  other: z.number().int(),
  /** confirmed ÷ closed, 0–1; null when nothing was closed with an outcome. */
  precision: z.number().nullable(),
  /** Confirmed faults whose episode had a Warning before its first Alarm (or never reached Alarm). */
  warnedFirst: z.number().int(),
  /** Median days from that first Warning to the first Alarm (or to the close, never in alarm); null without any. */
  medianLeadDays: z.number().nullable(),
});
export type PrecisionFigures = z.infer<typeof precisionFigures>;

export const alarmPrecision = z.object({
  /** The period the events were closed in (null for every time). */
  from: z.iso.datetime({ offset: true }).nullable(),
  to: z.iso.datetime({ offset: true }).nullable(),
  /** The whole scope: the model, or every active model of the company the caller sees. */
  total: precisionFigures,
  /** Each model with events closed with an outcome. */
  models: z.array(precisionFigures.extend({ modelId: uuid, modelName: z.string(), modelCode: z.string() })),
  /**
   * Each failure mode found: its confirmed faults, their share of the events closed with an outcome
   * (`precision` is confirmed of this mode ÷ all closed of the scope), warned first and the median lead.
   */
  failureModes: z.array(precisionFigures.extend({ failureMode: outcomeFailureMode })),
});
export type AlarmPrecision = z.infer<typeof alarmPrecision>;

const period = {
  /** Only events closed at or after this instant. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Only events closed before this instant. */
  to: z.iso.datetime({ offset: true }).optional(),
};
const ordered = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to);
const orderMessage = { message: 'to: must be after from', path: ['to'] };

export const modelPrecisionQuery = z.object({ model_id: uuid, ...period }).refine(ordered, orderMessage);
export const companyPrecisionQuery = z.object({ company_id: uuid, ...period }).refine(ordered, orderMessage);
