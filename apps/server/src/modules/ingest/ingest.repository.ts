import type pg from 'pg';

export interface IngestModel {
  id: string;
  code: string;
  company_id: string;
  model_type_id: number;
  is_active: boolean;
  document: Record<string, unknown> | null;
}

const MODELS_BY_CODE = `SELECT m.id, m.code, m.company_id, m.model_type_id, m.is_active, s.document
FROM equipment_models m LEFT JOIN equipment_model_settings s ON s.model_id = m.id
JOIN structure_items t ON t.id = m.equipment_tag_id
WHERE m.code = ANY($1::text[]) AND NOT t.is_disabled`;

const UPSERT_SERIES = `INSERT INTO series (model_id, tag, unit, source)
SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])
ON CONFLICT (model_id, tag) DO UPDATE SET unit = series.unit
RETURNING id, model_id, tag`;

// Timestamps travel as epoch milliseconds (float8), cheaper to send than text; conflict means already stored.
const INSERT_MEASUREMENTS = `INSERT INTO measurements (series_id, ts, value)
SELECT s, to_timestamp(t / 1000.0), v FROM unnest($1::bigint[], $2::float8[], $3::float8[]) AS u(s, t, v)
ON CONFLICT DO NOTHING`;

const UPDATE_LAST = `UPDATE series s SET last_ts = to_timestamp(u.t / 1000.0), last_value = u.v
FROM unnest($1::bigint[], $2::float8[], $3::float8[]) AS u(id, t, v)
WHERE s.id = u.id AND (s.last_ts IS NULL OR s.last_ts <= to_timestamp(u.t / 1000.0))`;

const UPDATE_MODEL_LAST = `UPDATE equipment_models m SET last_data_at = to_timestamp(u.t / 1000.0)
FROM unnest($1::uuid[], $2::float8[]) AS u(id, t)
WHERE m.id = u.id AND (m.last_data_at IS NULL OR m.last_data_at < to_timestamp(u.t / 1000.0))`;

/** SQL of ingestion. Statements are prepared and take whole batches as arrays: one round trip per table. */
export function createIngestRepository(pool: pg.Pool) {
  const seriesCache = new Map<string, number>();
  const knownMonths = new Set<string>();

  return {
    async modelsByCode(codes: string[]): Promise<IngestModel[]> {
      const { rows } = await pool.query<IngestModel>({
        name: 'ingest-models',
        text: MODELS_BY_CODE,
        values: [codes],
      });
      return rows;
    },

    async retentionStart(companyId: string): Promise<number> {
      const { rows } = await pool.query<{ days: number }>({
        name: 'retention',
        text: 'SELECT retention_days AS days FROM companies WHERE id = $1',
        values: [companyId],
      });
      return Date.now() - (rows[0]?.days ?? 3650) * 86_400_000;
    },

    /** Creates the monthly partitions the batch needs before it is written (creation locks the parent briefly). */
    async ensurePartitions(timestampsMs: Iterable<number>) {
      const months = new Set<string>();
      for (const ms of timestampsMs) {
        const date = new Date(ms);
        months.add(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`);
      }
      for (const month of months) {
        if (knownMonths.has(month)) continue;
        await pool.query('SELECT ensure_measurement_partition($1::date)', [month]);
        knownMonths.add(month);
      }
    },

    /** Series ids for (model, tag) pairs, created on first use; cached, since a series is never renamed. */
    async seriesIds(pairs: { modelId: string; tag: string; unit: string; source?: 'input' | 'feature' }[]) {
      const missing = pairs.filter((pair) => !seriesCache.has(`${pair.modelId}/${pair.tag}`));
      if (missing.length) {
        // Outside the data transaction: a catalogue row is harmless if the batch later fails, and the cache stays true.
        const { rows } = await pool.query<{ id: string; model_id: string; tag: string }>({
          name: 'upsert-series',
          text: UPSERT_SERIES,
          values: [
            missing.map((p) => p.modelId),
            missing.map((p) => p.tag),
            missing.map((p) => p.unit),
            missing.map((p) => p.source ?? 'input'),
          ],
        });
        for (const row of rows) seriesCache.set(`${row.model_id}/${row.tag}`, Number(row.id));
      }
      return (modelId: string, tag: string) => seriesCache.get(`${modelId}/${tag}`) as number;
    },

    forgetSeries() {
      seriesCache.clear();
    },

    async insertMeasurements(
      client: pg.PoolClient,
      seriesIds: number[],
      tsMs: number[],
      values: number[],
    ): Promise<number> {
      if (!seriesIds.length) return 0;
      const result = await client.query({
        name: 'insert-measurements',
        text: INSERT_MEASUREMENTS,
        values: [seriesIds, tsMs, values],
      });
      return result.rowCount ?? 0;
    },

    async updateLast(
      client: pg.PoolClient,
      latest: Map<number, { tsMs: number; value: number }>,
      modelLatest: Map<string, number>,
    ) {
      if (latest.size) {
        const ids = [...latest.keys()];
        await client.query({
          name: 'update-series-last',
          text: UPDATE_LAST,
          values: [ids, ids.map((id) => latest.get(id)?.tsMs), ids.map((id) => latest.get(id)?.value)],
        });
      }
      if (modelLatest.size) {
        const ids = [...modelLatest.keys()];
        await client.query({
          name: 'update-model-last',
          text: UPDATE_MODEL_LAST,
          values: [ids, ids.map((id) => modelLatest.get(id))],
        });
      }
    },

    async insertWaveform(
      client: pg.PoolClient,
      values: {
        modelId: string;
        sensor: string;
        kind: string;
        channel: string;
        sampleRate: number;
        capturedAtMs: number;
        unit: string;
        fileName: string;
        alias: string;
        samples: Buffer;
      },
    ): Promise<{ id: string; duplicate: boolean }> {
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO waveforms (model_id, sensor, kind, channel, sample_rate, captured_at, unit, file_name, alias, length, samples)
         VALUES ($1, $2, $3, $4, $5, to_timestamp($6 / 1000.0), $7, $8, $9, $10, $11)
         ON CONFLICT (model_id, sensor, kind, channel, captured_at) DO NOTHING RETURNING id`,
        [
          values.modelId,
          values.sensor,
          values.kind,
          values.channel,
          values.sampleRate,
          values.capturedAtMs,
          values.unit,
          values.fileName,
          values.alias,
          values.samples.length / 4,
          values.samples,
        ],
      );
      if (inserted.rows[0]) return { id: inserted.rows[0].id, duplicate: false };
      const existing = await client.query<{ id: string }>(
        'SELECT id FROM waveforms WHERE model_id = $1 AND sensor = $2 AND kind = $3 AND channel = $4 AND captured_at = to_timestamp($5 / 1000.0)',
        [values.modelId, values.sensor, values.kind, values.channel, values.capturedAtMs],
      );
      return { id: existing.rows[0]?.id ?? '', duplicate: true };
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
