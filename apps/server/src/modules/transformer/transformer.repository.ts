import type pg from 'pg';

export interface SeriesMeta {
  id: number;
  tag: string;
  unit: string;
  last_ts: Date | null;
  last_value: number | null;
  status: number | null;
}

export interface LocusCapture {
  file_name: string;
  alias: string;
  captured_at: Date;
}

// Load losses summed per sample over the time to the next one (a gap over an hour counts as an hour), with
// K = load factor % / 100: Σ (P0 + Pk·K²)·Δt. The last sample has no interval (LEAST would skip a NULL).
const LOSSES = `
WITH s AS (
  SELECT value / 100 AS k, LEAD(ts) OVER (ORDER BY ts) - ts AS gap
  FROM measurements WHERE series_id = $1 AND ts >= to_timestamp($2) AND ts < to_timestamp($3)
)
SELECT count(*)::int AS n, avg(k)::float8 AS mean_k, avg(k * k)::float8 AS mean_k2,
  coalesce(sum(($4 + $5 * k * k) * least(coalesce(extract(epoch FROM gap), 0), 3600)), 0)::float8 / 3600 AS energy
FROM s`;

/** Stored data the transformer calls read; every query is bounded by a series and a time range. */
export function createTransformerRepository(pool: pg.Pool) {
  return {
    async series(modelId: string): Promise<SeriesMeta[]> {
      const { rows } = await pool.query<SeriesMeta>(
        `SELECT s.id::int AS id, s.tag, s.unit, l.last_ts, l.last_value, a.status
         FROM series s LEFT JOIN series_latest l ON l.series_id = s.id LEFT JOIN alarm_states a ON a.series_id = s.id
         WHERE s.model_id = $1 ORDER BY s.tag`,
        [modelId],
      );
      return rows;
    },

    /** The last point of a series at or before a time. */
    async valueAt(seriesId: number, atS: number) {
      const { rows } = await pool.query<{ t: number; v: number }>({
        name: 'tr-value-at',
        text: `SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, value AS v FROM measurements
               WHERE series_id = $1 AND ts <= to_timestamp($2) ORDER BY ts DESC LIMIT 1`,
        values: [seriesId, atS],
      });
      return rows[0];
    },

    /**
     * Points of several series at the same instants (inner join on the timestamp), in time order, evenly thinned in
     * the database to at most `maxRows` + 1: every step-th row and always the last one.
     */
    async aligned(seriesIds: number[], fromS: number, toS: number, maxRows: number) {
      const [first, ...rest] = seriesIds;
      const joins = rest
        .map(
          (_, i) => `JOIN measurements m${i + 1} ON m${i + 1}.series_id = $${i + 5} AND m${i + 1}.ts = m0.ts`,
        )
        .join(' ');
      const values = rest.map((_, i) => `m${i + 1}.value`).join(', ');
      const { rows } = await pool.query<{ t: number; v: number[] }>(
        `WITH j AS (
           SELECT m0.ts, ARRAY[m0.value${values ? `, ${values}` : ''}]::float8[] AS v,
             row_number() OVER (ORDER BY m0.ts) AS rn, count(*) OVER () AS n
           FROM measurements m0 ${joins}
           WHERE m0.series_id = $1 AND m0.ts >= to_timestamp($2) AND m0.ts < to_timestamp($3))
         SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, v FROM j
         WHERE (rn - 1) % greatest(1, ceil(n::float8 / $4)::int) = 0 OR rn = n ORDER BY ts`,
        [first, fromS, toS, maxRows, ...rest],
      );
      return rows.length > maxRows ? [...rows.slice(0, maxRows - 1), rows.at(-1)!] : rows;
    },

    async losses(seriesId: number, fromS: number, toS: number, noLoadKw: number, loadKw: number) {
      const { rows } = await pool.query<{ n: number; mean_k: number; mean_k2: number; energy: number }>({
        name: 'tr-losses',
        text: LOSSES,
        values: [seriesId, fromS, toS, noLoadKw, loadKw],
      });
      return rows[0];
    },

    /** Configuration values of the model by item tag code (rated losses …). */
    async configuration(modelId: string): Promise<Map<string, string>> {
      const { rows } = await pool.query<{ tag_code: string; value: string; default_value: string }>(
        `SELECT i.tag_code, c.value, i.default_value FROM equipment_model_configurations c
         JOIN configuration_items i ON i.id = c.item_id WHERE c.model_id = $1`,
        [modelId],
      );
      return new Map(
        rows.map((row) => [row.tag_code, row.value.trim() === '' ? row.default_value : row.value]),
      );
    },

    /** V–I locus captures of one locus: current and voltage waveforms of the same sensor and instant. */
    async locusCaptures(modelId: string, locusName: string): Promise<LocusCapture[]> {
      const { rows } = await pool.query<LocusCapture>(
        `SELECT c.file_name, c.alias, c.captured_at FROM waveforms c
         WHERE c.model_id = $1 AND c.sensor = $2 AND c.kind = 'current' AND EXISTS (
           SELECT 1 FROM waveforms v WHERE v.model_id = c.model_id AND v.sensor = c.sensor AND v.kind = 'voltage'
             AND v.captured_at = c.captured_at)
         ORDER BY c.captured_at DESC LIMIT 500`,
        [modelId, locusName],
      );
      return rows;
    },

    async locusCapture(modelId: string, locusName: string, fileName: string) {
      const { rows } = await pool.query<{ kind: 'current' | 'voltage'; samples: Buffer; captured_at: Date }>(
        `WITH c AS (SELECT captured_at FROM waveforms WHERE model_id = $1 AND sensor = $2 AND kind = 'current'
                    AND file_name = $3 ORDER BY captured_at DESC LIMIT 1)
         SELECT w.kind, w.samples, w.captured_at FROM waveforms w JOIN c ON c.captured_at = w.captured_at
         WHERE w.model_id = $1 AND w.sensor = $2 AND w.kind IN ('current', 'voltage')`,
        [modelId, locusName, fileName],
      );
      const current = rows.find((row) => row.kind === 'current');
      const voltage = rows.find((row) => row.kind === 'voltage');
      if (!current || !voltage) return undefined;
      const floats = (buffer: Buffer) => new Float32Array(new Uint8Array(buffer).buffer);
      return { current: floats(current.samples), voltage: floats(voltage.samples) };
    },

    async modelSummary(modelId: string) {
      const { rows } = await pool.query<{
        id: string;
        code: string;
        title: string;
        model_type_id: number;
        is_active: boolean;
        status: number;
        last_data_at: Date | null;
        open_events: number;
        alarm_since: Date | null;
      }>(
        `SELECT m.id, m.code, m.title, m.model_type_id, m.is_active, m.status,
           coalesce(m.last_data_at, (SELECT max(l.last_ts) FROM series s JOIN series_latest l ON l.series_id = s.id
             WHERE s.model_id = m.id)) AS last_data_at,
           (SELECT count(*)::int FROM fault_events f WHERE f.model_id = m.id AND f.done_at IS NULL) AS open_events,
           -- From the stored status history (migration 0043), as the company tables read it.
           CASE WHEN m.status IN (1, 2) THEN model_run_start(m.id, m.status) END AS alarm_since
         FROM equipment_models m WHERE m.id = $1`,
        [modelId],
      );
      return rows[0];
    },
  };
}

export type TransformerRepository = ReturnType<typeof createTransformerRepository>;
