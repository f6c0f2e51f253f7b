import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import type { StatusChange } from '../status-history/status-changes.ts';
import { createStatusHistoryRepository } from '../status-history/status-history.repository.ts';

export interface ModelContext {
  id: string;
  code: string;
  title: string;
  company_id: string;
  model_type_id: number;
  is_active: boolean;
  status: number;
  document: Record<string, unknown> | null;
  /** Last Reset baseline: learned baselines learn again from it. */
  baseline_reset_at: Date | null;
}

export interface PendingWaveform {
  id: string;
  sensor: string;
  kind: 'vibration' | 'current' | 'voltage';
  channel: string;
  sample_rate: number;
  captured_at: Date;
  samples: Buffer;
}

export interface SeriesState {
  id: number;
  tag: string;
  state: { alarm?: unknown; lastTs?: number; baseline?: unknown } | null;
  status: number | null;
}

/** The pool, or a client inside a transaction. */
type Db = pg.Pool | pg.PoolClient;

/** SQL of the analysis job. */
export function createAnalysisRepository(pool: pg.Pool) {
  const query = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    pool.query<T>(text, values).then((r) => r.rows);
  const history = createStatusHistoryRepository(pool);

  return {
    async model(id: string): Promise<ModelContext | undefined> {
      const rows = await query<ModelContext>(
        `SELECT m.id, m.code, m.title, m.company_id, m.model_type_id, m.is_active, m.status, s.document, m.baseline_reset_at
         FROM equipment_models m LEFT JOIN equipment_model_settings s ON s.model_id = m.id WHERE m.id = $1`,
        [id],
      );
      return rows[0];
    },

    /** The model's oldest captures not analysed yet (waveforms_unanalysed_idx), but those of `besides`. */
    pendingWaveforms(modelId: string, limit: number, besides: string[]): Promise<PendingWaveform[]> {
      return query<PendingWaveform>(
        `SELECT id, sensor, kind, channel, sample_rate, captured_at, samples FROM waveforms
         WHERE model_id = $1 AND analysed_at IS NULL AND id <> ALL($3::uuid[])
         ORDER BY captured_at, sensor, channel LIMIT $2`,
        [modelId, limit, besides],
      );
    },

    /** Marks a model's captures taken; by the model's key too, so a cluster asks one shard (docs/scale.md). */
    async markAnalysed(modelId: string, ids: string[]) {
      if (ids.length)
        await pool.query(
          'UPDATE waveforms SET analysed_at = now() WHERE model_id = $1 AND id = ANY($2::uuid[])',
          [modelId, ids],
        );
    },

    seriesStates(modelId: string): Promise<SeriesState[]> {
      return query<SeriesState>(
        `SELECT s.id::int AS id, s.tag, a.state, a.status FROM series s LEFT JOIN alarm_states a ON a.series_id = s.id WHERE s.model_id = $1`,
        [modelId],
      );
    },

    /** The latest value at or before now of each series of a model (as the transformer's DGA panel reads them). */
    async latestValues(modelId: string, seriesIds: number[]) {
      const rows = await query<{ id: number; t: number; value: number }>(
        `SELECT s.id::int AS id, m.t, m.value FROM series s CROSS JOIN LATERAL (
           SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, value FROM measurements
           WHERE series_id = s.id AND ts <= now() ORDER BY ts DESC LIMIT 1) m
         WHERE s.model_id = $1 AND s.id = ANY($2::bigint[])`,
        [modelId, seriesIds],
      );
      return new Map(rows.map((row) => [row.id, { t: row.t, value: row.value }]));
    },

    samplesAfter(seriesId: number, afterMs: number, limit: number): Promise<{ t: number; value: number }[]> {
      return query<{ t: number; value: number }>(
        `SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, value FROM measurements
         WHERE series_id = $1 AND ts > to_timestamp($2 / 1000.0) ORDER BY ts LIMIT $3`,
        [seriesId, afterMs, limit],
      );
    },

    /**
     * Takes (deletes and answers) the oldest queued arrivals of a series, in arrival order, in the caller's
     * transaction: they come back if it rolls back, and a concurrent taker skips them. Each is answered as packed
     * little-endian (epoch ms, value) pairs: a row naming its batch's points (migration 0048) is read back from
     * measurements, the points of the series in its range that its batch's transaction wrote (their xmin); a row
     * queued before carries its points.
     */
    async takeArrivals(client: pg.PoolClient, seriesId: number, limit: number) {
      const { rows } = await client.query<{ id: string; points: Buffer | null; written: Buffer | null }>(
        `WITH taken AS (
           DELETE FROM measurement_arrivals WHERE series_id = $1 AND id IN (
             SELECT id FROM measurement_arrivals WHERE series_id = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING id, points, written_by, t_from, t_to)
         SELECT t.id, t.points, CASE WHEN t.points IS NULL THEN coalesce((
             SELECT string_agg(float8send((extract(epoch FROM m.ts) * 1000)::float8) || float8send(m.value), ''::bytea
                               ORDER BY m.ts)
             FROM measurements m
             WHERE m.series_id = $1 AND m.ts BETWEEN t.t_from AND t.t_to AND m.xmin = t.written_by), ''::bytea)
           END AS written
         FROM taken t`,
        [seriesId, limit],
      );
      // float8send is big-endian: swapped in place to the queue's little-endian pairs.
      return rows
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((row) => row.points ?? (row.written as Buffer).swap64());
    },

    /**
     * Drops the queued arrivals of a model's series that nothing evaluates: every tag but the `evaluated` ones (by
     * tag, not series id, so a series created since the caller looked keeps its queue).
     */
    async dropArrivals(modelId: string, evaluated: string[]) {
      await pool.query(
        `DELETE FROM measurement_arrivals a USING series s
         WHERE s.id = a.series_id AND s.model_id = $1 AND NOT (s.tag = ANY($2::text[]))`,
        [modelId, evaluated],
      );
    },

    async saveState(seriesId: number, state: object, status: number, db: Db = pool) {
      await db.query(
        `INSERT INTO alarm_states (series_id, state, status) VALUES ($1, $2, $3)
         ON CONFLICT (series_id) DO UPDATE SET state = EXCLUDED.state, status = EXCLUDED.status, updated_at = now()`,
        [seriesId, JSON.stringify(state), status],
      );
    },

    async recommendation(modelId: string, tag: string, alarmType: 1 | 2) {
      const rows = await query<{ message: string; cause: string; recommendation: string }>(
        'SELECT message, cause, recommendation FROM model_recommendations WHERE model_id = $1 AND tag_code = $2 AND alarm_type = $3',
        [modelId, tag, alarmType],
      );
      return rows[0];
    },

    async insertFaultEvent(
      event: {
        companyId: string;
        modelId: string;
        seriesId: number;
        tag: string;
        eventDateMs: number;
        alarmType: 1 | 2;
        message: string;
        value: number;
        warning: number | null;
        alarm: number | null;
        sensorId: string;
        cause: string;
        recommendation: string;
        /** The event closed while its condition still held, which this one continues (issue 26 item 1). */
        reopenedFrom?: number | null;
        /** Known as it opens (a Duval zone event); others get theirs with their evidence. */
        diagnosis?: object | null;
      },
      db: Db = pool,
    ): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO fault_events (company_id, model_id, series_id, tag, event_date, alarm_type, alarm_message, alarm_value,
           warning_limit, alarm_limit, sensor_id, cause, recommendation, reopened_from, diagnosis)
         VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0), $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
        [
          event.companyId,
          event.modelId,
          event.seriesId,
          event.tag,
          event.eventDateMs,
          event.alarmType,
          event.message,
          event.value,
          event.warning,
          event.alarm,
          event.sensorId,
          event.cause,
          event.recommendation,
          event.reopenedFrom ?? null,
          event.diagnosis ? JSON.stringify(event.diagnosis) : null,
        ],
      );
      return Number(rows[0]?.id);
    },

    /** The open event of a tag at a level, locked in the caller's transaction (a repeat counts on it). */
    async openFaultEvent(modelId: string, tag: string, alarmType: 1 | 2, db: Db): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM fault_events WHERE model_id = $1 AND tag = $2 AND alarm_type = $3 AND done_at IS NULL
         ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [modelId, tag, alarmType],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** A new crossing while the event is open: one more occurrence, with its value and time. */
    async repeatFaultEvent(modelId: string, id: number, value: number, atMs: number, db: Db) {
      await db.query(
        `UPDATE fault_events SET occurrences = occurrences + 1, last_value = $2,
           last_at = greatest(coalesce(last_at, event_date), to_timestamp($3 / 1000.0)), updated_at = now()
         WHERE model_id = $4 AND id = $1`,
        [id, value, atMs, modelId],
      );
    },

    /**
     * Whether a tag still in `level` has an open event of that level or above, and if not the last event of the level
     * that was closed (the one a new event continues).
     */
    async coverage(modelId: string, tag: string, level: 1 | 2, db: Db) {
      const { rows } = await db.query<{ open: boolean; closed: string | null }>(
        `SELECT EXISTS (SELECT 1 FROM fault_events WHERE model_id = $1 AND tag = $2 AND alarm_type >= $3
                          AND done_at IS NULL) AS open,
                (SELECT id FROM fault_events WHERE model_id = $1 AND tag = $2 AND alarm_type = $3
                   AND done_at IS NOT NULL ORDER BY done_at DESC, id DESC LIMIT 1) AS closed`,
        [modelId, tag, level],
      );
      const row = rows[0];
      return { open: Boolean(row?.open), closed: row?.closed ? Number(row.closed) : null };
    },

    /** What opened the event when it was not a fixed limit: the tag's learned baseline, or a Duval zone. */
    async setTrippedBy(modelId: string, id: number, trippedBy: 'learned_baseline' | 'duval_zone', db: Db) {
      await db.query(`UPDATE fault_events SET tripped_by = $3 WHERE model_id = $1 AND id = $2`, [
        modelId,
        id,
        trippedBy,
      ]);
    },

    async setComponentStatuses(modelId: string, statuses: Map<string, number>) {
      if (!statuses.size) return;
      await pool.query(
        `INSERT INTO model_component_status (model_id, component, status)
         SELECT $1, c, s FROM unnest($2::text[], $3::int[]) AS u(c, s)
         ON CONFLICT (model_id, component) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
        [modelId, [...statuses.keys()], [...statuses.values()]],
      );
    },

    /**
     * Sets the model status and stores its status history (migration 0043) in one transaction, the model's row
     * locked so evaluations and the offline sweep of one model take turns; tells every instance (LISTEN sdp_events)
     * when the status changed.
     */
    async setModelStatus(
      model: { id: string; company_id: string },
      status: number,
      changes: readonly StatusChange[],
    ) {
      return withTransaction(pool, async (client) => {
        await client.query('SELECT 1 FROM equipment_models WHERE id = $1 FOR UPDATE', [model.id]);
        await history.record(client, model.id, changes);
        const { rowCount } = await client.query(
          'UPDATE equipment_models SET status = $2 WHERE id = $1 AND status <> $2',
          [model.id, status],
        );
        if (rowCount)
          await this.notify(
            { type: 'model-status', companyId: model.company_id, modelId: model.id, status },
            client,
          );
        return Boolean(rowCount);
      });
    },

    /** Publishes a live event: kept in live_events (replayed to streams that resume) and NOTIFYed (migration 0020). */
    async notify(payload: Record<string, unknown>, db: Db = pool) {
      await db.query('SELECT sdp_publish($1::jsonb)', [JSON.stringify(payload)]);
    },

    /**
     * Active models silent for longer than their expected interval (or never heard from since an hour after
     * creation), with the moment the silence passed it (`silentSinceMs`, in the data's time).
     */
    silentModels(): Promise<{ id: string; company_id: string; silentSinceMs: number }[]> {
      return query<{ id: string; company_id: string; silentSinceMs: number }>(
        `SELECT id, company_id, (extract(epoch FROM coalesce(last_data_at, created_at)
                  + make_interval(secs => expected_interval_seconds)) * 1000)::float8 AS "silentSinceMs"
         FROM equipment_models
         WHERE is_active AND status <> -1
           AND coalesce(last_data_at, created_at) < now() - make_interval(secs => expected_interval_seconds)`,
      );
    },

    /** Deletes, in slices, the measurements of each company older than its retention; answers the rows removed. */
    async deleteExpired(sliceRows: number): Promise<number> {
      let removed = 0;
      for (;;) {
        const result = await pool.query(
          // ctid is only unique within a partition: pair it with the partition (tableoid).
          `DELETE FROM measurements WHERE (tableoid, ctid) IN (
             SELECT m.tableoid, m.ctid FROM measurements m
             JOIN series s ON s.id = m.series_id
             JOIN equipment_models em ON em.id = s.model_id
             JOIN companies c ON c.id = em.company_id
             WHERE m.ts < now() - make_interval(days => c.retention_days)
             LIMIT $1)`,
          [sliceRows],
        );
        removed += result.rowCount ?? 0;
        if ((result.rowCount ?? 0) < sliceRows) return removed;
      }
    },

    async ensureFuturePartitions(months: number) {
      await pool.query(
        `SELECT ensure_measurement_partition((date_trunc('month', now()) + make_interval(months => m))::date) FROM generate_series(0, $1) AS m`,
        [months],
      );
    },
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
