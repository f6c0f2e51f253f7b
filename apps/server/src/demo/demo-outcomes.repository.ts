import type { EventFailureMode, OutcomeFailureMode } from '@sdp/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';

/**
 * The SQL of the demo's closed history (demo-outcomes.ts): the analysis queue of the company's models and the
 * closing of their settled fault events. Every statement names the models (issue 28 item 3: `model_id` is the
 * distribution key of fault_events, and series and their queue hang off a model).
 */
export function createDemoOutcomesRepository(db: Db) {
  return {
    /** Whether a stored measurement or capture of these models still waits for the analysis. */
    async analysisQueued(modelIds: readonly string[]): Promise<boolean> {
      const { rows } = await sql<{ queued: boolean }>`SELECT EXISTS (
          SELECT 1 FROM measurement_arrivals a JOIN series s ON s.id = a.series_id
          WHERE s.model_id = ANY(${modelIds}::uuid[])) OR EXISTS (
          SELECT 1 FROM waveforms w WHERE w.model_id = ANY(${modelIds}::uuid[]) AND w.analysed_at IS NULL) AS queued`.execute(
        db,
      );
      return rows[0]?.queued ?? false;
    },

    /**
     * Acknowledges and closes, with outcomes, the models' events older than a week whose tag is back to normal, while
     * none of their events has an outcome yet; the number closed. Three in five are confirmed, one is no fault found,
     * one planned maintenance (in the order they opened); each model's are closed a day after its last crossing of
     * them, never later than now. A confirmed fault names the failure mode `found` gives for the event's own
     * diagnosed mode (fault_events.diagnosis, migration 0038), else other.
     */
    async closeSettledEvents(
      modelIds: readonly string[],
      ownerEmail: string,
      found: Readonly<Partial<Record<EventFailureMode, OutcomeFailureMode>>>,
    ): Promise<number> {
      const [modes, outcomeModes] = [Object.keys(found), Object.values(found)];
      const result = await sql`
        WITH owner AS (SELECT id FROM users WHERE lower(email) = lower(${ownerEmail})),
        candidates AS (
          SELECT f.model_id, f.id, coalesce(m.found, 'other') AS found,
            row_number() OVER (ORDER BY f.event_date, f.id) AS n,
            max(coalesce(f.last_at, f.event_date)) OVER (PARTITION BY f.model_id) + interval '1 day' AS closed_at
          FROM fault_events f
            LEFT JOIN unnest(${modes}::text[], ${outcomeModes}::text[]) AS m(mode, found)
              ON m.mode = f.diagnosis->>'mode'
          WHERE f.model_id = ANY(${modelIds}::uuid[]) AND f.done_at IS NULL
            AND f.event_date < now() - interval '7 days'
            AND NOT EXISTS (SELECT 1 FROM fault_events o
                            WHERE o.model_id = ANY(${modelIds}::uuid[]) AND o.outcome IS NOT NULL)
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
          outcome_failure_mode = CASE WHEN c.n % 5 IN (1, 2, 3) THEN c.found END,
          updated_at = now()
        FROM candidates c WHERE f.model_id = c.model_id AND f.id = c.id`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
