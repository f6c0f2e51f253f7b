import type { EventFailureMode, OutcomeFailureMode } from '@sdp/contracts';
import type { Db } from '../db/pool.ts';
import { createDemoRepository } from './demo.repository.ts';
import { createDemoOutcomesRepository } from './demo-outcomes.repository.ts';

/**
 * The failure mode a confirmed fault records for an event's diagnosed mode: the vibration engine's modes (every
 * bearing defect is 'bearing') and the motor current engine's; a mode neither engine names (an overall level, a
 * transformer gas) is 'other'.
 */
const FOUND: Partial<Record<EventFailureMode, OutcomeFailureMode>> = {
  unbalance: 'unbalance',
  misalignment: 'misalignment',
  looseness: 'looseness',
  bearing_outer_race: 'bearing',
  bearing_inner_race: 'bearing',
  bearing_rolling_element: 'bearing',
  bearing_cage: 'bearing',
  gear: 'gear',
  broken_rotor_bar: 'rotor_bar_crack',
  bearing_current: 'bearing_failure',
  eccentricity: 'eccentric_airgap',
  ground_fault: 'ground_fault',
  stator_short_turn: 'short_turn',
  terminal_loose: 'terminal_loose',
};

/**
 * Demo data for alarm precision (issue 25 items 5 and 6): once the demo history is stored and evaluated, the fault
 * events it opened more than a week ago on tags whose condition has cleared by the end of the history (the tag is
 * back to normal) are acknowledged and closed by the demo owner with outcomes, as a maintenance team would have —
 * three in five confirmed (with the failure mode the event itself diagnosed: the precision panel counts a bearing
 * defect where the event said so, issue 26), one no fault found, one planned maintenance — each model's closed a day
 * after the last crossing of those events, so a Warning that came before an Alarm counts as warned first. An event
 * whose tag is still in warning or alarm stays open: closing it would only have the next evaluation continue it in a
 * new event at once ("Continues #…", issue 26 item 1), and a fault still present cannot have been repaired or found
 * absent. Only while no event of the company has an outcome: a restart changes nothing. The precision figures are
 * then counted from these by the same SQL as any company's.
 */
export async function closeDemoHistory(
  db: Db,
  companyId: string,
  ownerEmail: string,
  options: { settleTimeoutMs?: number } = {},
): Promise<number> {
  const modelIds = (await createDemoRepository(db).models(companyId)).map((model) => model.id);
  if (modelIds.length === 0) return 0;
  const outcomes = createDemoOutcomesRepository(db);
  await analysisSettled(() => outcomes.analysisQueued(modelIds), options.settleTimeoutMs ?? 10 * 60_000);
  return outcomes.closeSettledEvents(modelIds, ownerEmail, FOUND);
}

/**
 * Waits until the company's stored measurements and captures have all been evaluated (none still queued for the
 * analysis: a capture's features are stored, and queued, only when the analysis takes it), so
 * each tag's status is the one at the end of the history; gives up after the timeout and closes on what is known.
 */
async function analysisSettled(queued: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await queued()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1000));
}
