import type pg from 'pg';
import type { StatusChange } from './status-changes.ts';

export interface StatusHistoryRow {
  changed_at: Date;
  status: number;
  source: 'evaluation' | 'no_data' | 'backfill';
  tag: string | null;
  value: number | null;
}

/** SQL of a model's status history (migration 0043); every statement is bounded by one model. */
export function createStatusHistoryRepository(pool: pg.Pool) {
  return {
    /**
     * Stores the changes that differ from the status before them, in the caller's transaction (the one that sets
     * the model's status; it holds the model's row locked). A change is never dated before the last row: a value that
     * arrives late moves the status from when it is known. A change dated at the last row's instant replaces it, and
     * where that leaves the status as it was before, neither stays: an 'offline' that values arriving late (at once
     * dated at its instant) show never was, is removed.
     */
    async record(client: pg.PoolClient, modelId: string, changes: readonly StatusChange[]) {
      const { rows: tail } = await client.query<{ status: number; t: number; at: string }>(
        `SELECT status, (extract(epoch FROM changed_at) * 1000)::float8 AS t, changed_at::text AS at
         FROM model_status_history
         WHERE model_id = $1 ORDER BY changed_at DESC LIMIT 2`,
        [modelId],
      );
      // The history's end as it will be: the stored rows (oldest first), then the new ones.
      const rows: (StatusChange & { stored?: string })[] = tail.reverse().map((row) => ({
        t: row.t,
        status: row.status,
        source: 'evaluation',
        tag: null,
        value: null,
        stored: row.at,
      }));
      const removed: string[] = [];
      for (const change of changes) {
        const last = rows.at(-1);
        const t = Math.max(change.t, last?.t ?? Number.NEGATIVE_INFINITY);
        if (last && last.t === t && change.status !== last.status) {
          rows.pop();
          if (last.stored) removed.push(last.stored);
        }
        if (change.status === rows.at(-1)?.status) continue;
        rows.push({ ...change, t });
      }
      const added = rows.filter((row) => !row.stored);
      if (removed.length)
        await client.query(
          'DELETE FROM model_status_history WHERE model_id = $1 AND changed_at = ANY($2::timestamptz[])',
          [modelId, removed],
        );
      if (!added.length) return;
      await client.query(
        `INSERT INTO model_status_history (model_id, changed_at, status, source, tag, value)
         SELECT $1, to_timestamp(u.t / 1000.0), u.status, u.source, u.tag, u.value
         FROM unnest($2::float8[], $3::int[], $4::text[], $5::text[], $6::float8[]) AS u(t, status, source, tag, value)
         ON CONFLICT (model_id, changed_at) DO UPDATE SET status = EXCLUDED.status, source = EXCLUDED.source,
           tag = EXCLUDED.tag, value = EXCLUDED.value, recorded_at = now()`,
        [
          modelId,
          added.map((change) => change.t),
          added.map((change) => change.status),
          added.map((change) => change.source),
          added.map((change) => change.tag),
          added.map((change) => change.value),
        ],
      );
    },

    /**
     * Since when the model has been at its current warning or alarm level (null otherwise): migration 0043's
     * model_run_start, where offline rows do not break a run.
     */
    async runStart(modelId: string, status: number): Promise<Date | null> {
      const { rows } = await pool.query<{ since: Date | null }>('SELECT model_run_start($1, $2) AS since', [
        modelId,
        status,
      ]);
      return rows[0]?.since ?? null;
    },

    /**
     * Per local day of [from, to) in `timeZone` (clipped to the range): the worst status the model had at any
     * moment of it, the one in force at its start included; null where no history covers the day.
     */
    async days(
      modelId: string,
      from: Date,
      to: Date,
      timeZone: string,
    ): Promise<{ day: string; status: number | null }[]> {
      const { rows } = await pool.query<{ day: string; status: number | null }>(
        `WITH days AS (
           SELECT to_char(d, 'YYYY-MM-DD') AS day,
                  greatest(d AT TIME ZONE $4, $2::timestamptz) AS day_start,
                  least((d + interval '1 day') AT TIME ZONE $4, $3::timestamptz) AS day_end
           FROM generate_series(date_trunc('day', $2::timestamptz AT TIME ZONE $4),
                                date_trunc('day', ($3::timestamptz - interval '1 millisecond') AT TIME ZONE $4),
                                interval '1 day') AS d
         )
         SELECT days.day, greatest(
             (SELECT h.status FROM model_status_history h
               WHERE h.model_id = $1 AND h.changed_at < days.day_start ORDER BY h.changed_at DESC LIMIT 1),
             (SELECT max(h.status) FROM model_status_history h
               WHERE h.model_id = $1 AND h.changed_at >= days.day_start AND h.changed_at < days.day_end)
           )::int AS status
         FROM days ORDER BY days.day`,
        [modelId, from, to, timeZone],
      );
      return rows;
    },

    /** The changes in [from, to), preceded by the one in force at `from`; at most `limit` in time order. */
    async changes(modelId: string, from: Date, to: Date, limit: number): Promise<StatusHistoryRow[]> {
      const { rows } = await pool.query<StatusHistoryRow>(
        `(SELECT changed_at, status, source, tag, value FROM model_status_history
           WHERE model_id = $1 AND changed_at < $2 ORDER BY changed_at DESC LIMIT 1)
         UNION ALL
         (SELECT changed_at, status, source, tag, value FROM model_status_history
           WHERE model_id = $1 AND changed_at >= $2 AND changed_at < $3 ORDER BY changed_at LIMIT $4)
         ORDER BY changed_at`,
        [modelId, from, to, limit],
      );
      return rows;
    },

    /** The model's company, status and company time zone (null when there is no such model). */
    async model(modelId: string) {
      const { rows } = await pool.query<{
        company_id: string;
        status: number;
        is_active: boolean;
        time_zone: string;
      }>(
        `SELECT m.company_id, m.status, m.is_active, c.time_zone
         FROM equipment_models m JOIN companies c ON c.id = m.company_id WHERE m.id = $1`,
        [modelId],
      );
      return rows[0] ?? null;
    },
  };
}

export type StatusHistoryRepository = ReturnType<typeof createStatusHistoryRepository>;
