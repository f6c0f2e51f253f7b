import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * Company-wide model status tables (spec 02 §3 "Overall status rows", §7 "overall status MCA / VCA"; issue 13
 * item 4): every model the user sees with its status, since when it has been in that warning or alarm, and its
 * last data; and the part statuses of the MCA and VCA models. Status codes of spec 02 §4.
 */

const status = z.number().int();
const instant = z.iso.datetime({ offset: true });

export const overallStatusQuery = z.object({ company_id: uuid });

export const overallStatusRow = z.object({
  model_id: uuid,
  model_name: z.string(),
  model_code: z.string(),
  model_type_id: z.number().int(),
  equipment_id: uuid,
  equipment_name: z.string(),
  equipment_alias: z.string().nullable(),
  isActive: z.boolean(),
  status,
  /** Start of the current warning or alarm, from the tags' status history (issue 26 item 1); null when normal. */
  alarmSince: instant.nullable(),
  lastDataAt: instant.nullable(),
});
export type OverallStatusRow = z.infer<typeof overallStatusRow>;

/** MCA row (spec 02 §3). */
export const mcaOverallStatusRow = z.object({
  equipment_name: z.string(),
  model_id: uuid,
  model_name: z.string(),
  airgapStatus: status,
  bearingStatus: status,
  rotorStatus: status,
  statorStatus: status,
  terminalBoxStatus: status,
  overAllStatus: status,
});
export type McaOverallStatusRow = z.infer<typeof mcaOverallStatusRow>;

/** VCA row (spec 02 §3), keys as the spec spells them. */
export const vcaOverallStatusRow = z.object({
  equipment_name: z.string(),
  model_id: uuid,
  model_name: z.string(),
  'cooling-fan': status,
  'dc-link-capacitor': status,
  inverter: status,
  rectifier: status,
  stress: status,
  'control-card': status,
  'overall-status': status,
});
export type VcaOverallStatusRow = z.infer<typeof vcaOverallStatusRow>;
