import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

/** One row of figures: the closed events with an outcome of a scope, and what they were. */
export interface PrecisionRow {
  /** null: the whole scope; else the model or the failure mode of the row. */
  model_id: string | null;
  model_title: string | null;
  model_code: string | null;
  failure_mode: string | null;
  /** Which grouping the row is of: 'all', 'model' or 'mode'. */
  grouping: 'all' | 'model' | 'mode';
  closed: number;
  confirmed: number;
  no_fault: number;
  planned: number;
  other: number;
  warned_first: number;
  median_lead_days: number | null;
}

export interface PrecisionScope {
  companyId: string;
  /** One model, or every active model of the company the caller sees. */
  modelId?: string | undefined;
  /** Equipment tags the caller sees (null: all of the company). */
  visibleTags: ReadonlySet<string> | null;
  /** Events closed in [from, to); null for every time. */
  from: Date | null;
  to: Date | null;
}

/**
 * Alarm precision (issue 25 item 5, docs/fault-events-and-notes.md "Outcomes and alarm precision"), all in SQL:
 * the fault events closed with an outcome in the period, counted by outcome for the scope, each model and each
 * failure mode found. For a confirmed fault, its episode is the model's events from the later of 90 days before
 * it opened and the model's previous close of any event, up to its own close; it had a warning
 * first when the episode's first Warning came before its first Alarm (or it never reached Alarm), and the lead is
 * the days from that first Warning to the first Alarm (or, never in alarm, to the close that confirmed the fault).
 */
export function createAlarmPrecisionRepository(db: Db) {
  return {
    async companyOfModel(modelId: string): Promise<string | undefined> {
      const { rows } = await sql<{ company_id: string }>`SELECT company_id FROM equipment_models
        WHERE id = ${modelId}`.execute(db);
      return rows[0]?.company_id;
    },

    async figures(scope: PrecisionScope): Promise<PrecisionRow[]> {
      // The models of the scope first, so the events are read by their distribution key (docs/scale.md).
      const ofModels = [sql`m.company_id = ${scope.companyId}`];
      ofModels.push(scope.modelId ? sql`m.id = ${scope.modelId}` : sql`m.is_active`);
      if (scope.visibleTags) ofModels.push(sql`m.equipment_tag_id = ANY(${[...scope.visibleTags]}::uuid[])`);
      const models = (
        await sql<{ id: string }>`SELECT m.id FROM equipment_models m
          WHERE ${sql.join(ofModels, sql` AND `)}`.execute(db)
      ).rows.map((row) => row.id);
      const where = [sql`f.company_id = ${scope.companyId}`, sql`f.outcome IS NOT NULL`];
      if (scope.from) where.push(sql`f.done_at >= ${scope.from}::timestamptz`);
      if (scope.to) where.push(sql`f.done_at < ${scope.to}::timestamptz`);
      const { rows } = await sql<PrecisionRow>`
        WITH closed AS (
          SELECT f.id, f.model_id, m.title AS model_title, m.code AS model_code, f.event_date, f.done_at,
            f.outcome, f.outcome_failure_mode
          FROM fault_events f JOIN equipment_models m ON m.id = f.model_id
          WHERE f.model_id = ANY(${models}::uuid[]) AND ${sql.join(where, sql` AND `)}
        ),
        episodes AS (
          SELECT c.*, first.warning, first.alarm
          FROM closed c
          LEFT JOIN LATERAL (
            SELECT greatest(c.event_date - interval '90 days', max(p.done_at)) AS since
            FROM fault_events p
            WHERE p.model_id = c.model_id AND p.done_at < c.event_date
          ) episode ON c.outcome = 'fault_confirmed'
          LEFT JOIN LATERAL (
            SELECT min(e.event_date) FILTER (WHERE e.alarm_type = 1) AS warning,
              min(e.event_date) FILTER (WHERE e.alarm_type = 2) AS alarm
            FROM fault_events e
            WHERE e.model_id = c.model_id AND e.event_date >= episode.since AND e.event_date <= c.done_at
          ) first ON c.outcome = 'fault_confirmed'
        ),
        judged AS (
          SELECT e.*,
            (e.warning IS NOT NULL AND (e.alarm IS NULL OR e.warning < e.alarm)) AS warned_first,
            CASE WHEN e.warning IS NOT NULL AND (e.alarm IS NULL OR e.warning < e.alarm)
              THEN extract(epoch FROM coalesce(e.alarm, e.done_at) - e.warning) / 86400 END AS lead_days
          FROM episodes e
        )
        SELECT CASE WHEN GROUPING(model_id) = 0 THEN 'model'
                 WHEN GROUPING(outcome_failure_mode) = 0 THEN 'mode' ELSE 'all' END AS grouping,
          model_id, max(model_title) AS model_title, max(model_code) AS model_code,
          outcome_failure_mode AS failure_mode,
          count(*)::int AS closed,
          (count(*) FILTER (WHERE outcome = 'fault_confirmed'))::int AS confirmed,
          (count(*) FILTER (WHERE outcome = 'no_fault_found'))::int AS no_fault,
          (count(*) FILTER (WHERE outcome = 'planned_maintenance'))::int AS planned,
          (count(*) FILTER (WHERE outcome = 'other'))::int AS other,
          (count(*) FILTER (WHERE outcome = 'fault_confirmed' AND warned_first))::int AS warned_first,
          (percentile_cont(0.5) WITHIN GROUP (ORDER BY lead_days)
            FILTER (WHERE outcome = 'fault_confirmed' AND warned_first))::float8 AS median_lead_days
        FROM judged
        GROUP BY GROUPING SETS ((), (model_id), (outcome_failure_mode))
        ORDER BY grouping, lower(max(model_title)), outcome_failure_mode`.execute(db);
      // The failure-mode grouping's row of no mode holds the events that were not confirmed: not a mode.
      return rows.filter((row) => row.grouping !== 'mode' || row.failure_mode !== null);
    },
  };
}

export type AlarmPrecisionRepository = ReturnType<typeof createAlarmPrecisionRepository>;
