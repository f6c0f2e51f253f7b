import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';

/**
 * Demo data for alarm precision (issue 25 items 5 and 6): once the demo history is stored and evaluated, the fault
 * events it opened more than a week ago on tags whose condition has cleared by the end of the history (the tag is
 * back to normal) are acknowledged and closed by the demo owner with outcomes, as a maintenance team would have —
 * three in five confirmed (vibration tags: bearing on acceleration and envelope, unbalance on velocity; other tags:
 * other), one no fault found, one planned maintenance — each model's closed a day after the last crossing of those
 * events, so a Warning that came before an Alarm counts as warned first. An event whose tag is still in warning or
 * alarm stays open: closing it would only have the next evaluation continue it in a new event at once ("Continues
 * #…", issue 26 item 1), and a fault still present cannot have been repaired or found absent. Only while no event of
 * the company has an outcome: a restart changes nothing. The precision figures are then counted from these by the
 * same SQL as any company's.
 */
export async function closeDemoHistory(
  db: Db,
  companyId: string,
  ownerEmail: string,
  options: { settleTimeoutMs?: number } = {},
): Promise<number> {
  await analysisSettled(db, companyId, options.settleTimeoutMs ?? 10 * 60_000);
  const result = await sql`
    WITH owner AS (SELECT id FROM users WHERE lower(email) = lower(${ownerEmail})),
    candidates AS (
      SELECT f.id, f.tag, row_number() OVER (ORDER BY f.event_date, f.id) AS n,
        max(coalesce(f.last_at, f.event_date)) OVER (PARTITION BY f.model_id) + interval '1 day' AS closed_at
      FROM fault_events f
      WHERE f.company_id = ${companyId} AND f.done_at IS NULL AND f.event_date < now() - interval '7 days'
        AND NOT EXISTS (SELECT 1 FROM fault_events o WHERE o.company_id = ${companyId} AND o.outcome IS NOT NULL)
        -- The tag's condition has cleared: it is no longer in warning or alarm at the end of the history.
        AND NOT EXISTS (SELECT 1 FROM series s JOIN alarm_states a ON a.series_id = s.id
                        WHERE s.model_id = f.model_id AND s.tag = f.tag AND a.status > 0)
    )
    UPDATE fault_events f SET
      is_acknowledged = true,
      acknowledged_at = coalesce(f.acknowledged_at, f.event_date + interval '2 hours'),
      acknowledged_by = coalesce(f.acknowledged_by, (SELECT id FROM owner)),
      acknowledged_msg = coalesce(f.acknowledged_msg, 'Checked on site.'),
      done_at = least(c.closed_at, now()),
      done_by = (SELECT id FROM owner),
      done_msg = CASE WHEN c.n % 5 IN (1, 2, 3) THEN 'Found and repaired.'
        WHEN c.n % 5 = 4 THEN 'Inspected: no fault found.' ELSE 'Work was planned anyway.' END,
      outcome = CASE WHEN c.n % 5 IN (1, 2, 3) THEN 'fault_confirmed'
        WHEN c.n % 5 = 4 THEN 'no_fault_found' ELSE 'planned_maintenance' END,
      outcome_failure_mode = CASE WHEN c.n % 5 NOT IN (1, 2, 3) THEN NULL
        WHEN c.tag ~ '\\.(acceleration|envelope)' THEN 'bearing'
        WHEN c.tag ~ '\\.velocity' THEN 'unbalance' ELSE 'other' END,
      updated_at = now()
    FROM candidates c WHERE f.id = c.id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Waits until the company's stored measurements have all been evaluated (none still queued for the analysis), so
 * each tag's status is the one at the end of the history; gives up after the timeout and closes on what is known.
 */
async function analysisSettled(db: Db, companyId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ queued: boolean }>`SELECT EXISTS (
        SELECT 1 FROM measurement_arrivals a JOIN series s ON s.id = a.series_id
        JOIN equipment_models m ON m.id = s.model_id WHERE m.company_id = ${companyId}) AS queued`.execute(
      db,
    );
    if (!rows[0]?.queued || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
