import type pg from 'pg';
import { ROLLUP_LEVELS } from './rollup-levels.ts';

export interface SeriesRow {
  id: number;
  tag: string;
  unit: string;
  source: 'input' | 'feature';
  last_ts: Date | null;
  last_value: number | null;
  status: number | null;
  /** The name of the model type's sensor type with this tag code, when the master data has one. */
  type_name?: string | null;
}

export interface WaveformRow {
  id: string;
  sensor: string;
  kind: 'vibration' | 'current' | 'voltage';
  channel: string;
  sample_rate: number;
  captured_at: Date;
  unit: string;
  file_name: string;
  alias: string;
  length: number;
}

// M4 in the database (Jugel et al. 2014): per pixel column the first, last, minimum and maximum point, so a year
// of minutes leaves the server as at most 4 × width points and draws exactly like the raw series.
const M4 = `
WITH raw AS (
  SELECT ts, value, width_bucket(extract(epoch FROM ts), $2::float8, $3::float8, $4::int) AS b
  FROM measurements WHERE series_id = $1 AND ts >= to_timestamp($2) AND ts < to_timestamp($3)
), edges AS (
  SELECT b, min(ts) AS t_first, max(ts) AS t_last, min(value) AS v_min, max(value) AS v_max FROM raw GROUP BY b
)
SELECT (extract(epoch FROM r.ts) * 1000)::float8 AS t, r.value AS v
FROM raw r JOIN edges e ON e.b = r.b
WHERE r.ts = e.t_first OR r.ts = e.t_last OR r.value = e.v_min OR r.value = e.v_max
ORDER BY r.ts`;

/**
 * M4 from a rollup level (a table of ROLLUP_LEVELS with buckets of `spanS` seconds), for ranges where one pixel column
 * spans at least one bucket. date_part answers float8 (extract answers numeric, several times slower per row).
 */
const m4FromLevel = (table: string, spanS: number) => `
WITH r AS (
  SELECT *, width_bucket(date_part('epoch', bucket), $2::float8, $3::float8, $4::int) AS b
  FROM ${table}
  WHERE series_id = $1 AND bucket >= to_timestamp(floor($2::float8 / ${spanS}) * ${spanS}) AND bucket < to_timestamp($3)
), c AS (
  SELECT
    (array_agg(t_first ORDER BY t_first))[1] AS tf, (array_agg(v_first ORDER BY t_first))[1] AS vf,
    (array_agg(t_last ORDER BY t_last DESC))[1] AS tl, (array_agg(v_last ORDER BY t_last DESC))[1] AS vl,
    (array_agg(t_min ORDER BY v_min))[1] AS tn, min(v_min) AS vn,
    (array_agg(t_max ORDER BY v_max DESC))[1] AS tx, max(v_max) AS vx
  FROM r GROUP BY b
)
SELECT DISTINCT (extract(epoch FROM p.t) * 1000)::float8 AS t, p.v
FROM c, LATERAL (VALUES (tf, vf), (tl, vl), (tn, vn), (tx, vx)) AS p(t, v)
ORDER BY 1`;

interface M4Level {
  spanS: number;
  statement: string;
  text: string;
}
/** The rollup levels M4 reads, finest first. */
const M4_LEVELS: readonly M4Level[] = ROLLUP_LEVELS.map((level) => ({
  spanS: level.spanMs / 1000,
  statement: `series-m4-${level.table}`,
  text: m4FromLevel(level.table, level.spanMs / 1000),
}));

const RAW = `SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, value AS v FROM measurements
WHERE series_id = $1 AND ts >= to_timestamp($2) AND ts < to_timestamp($3) ORDER BY ts LIMIT $4`;

export function createTimeseriesRepository(pool: pg.Pool) {
  const repository = {
    async series(modelId: string): Promise<SeriesRow[]> {
      const { rows } = await pool.query<SeriesRow>(
        `SELECT s.id::int AS id, s.tag, s.unit, s.source, l.last_ts, l.last_value, a.status, st.name AS type_name
         FROM series s
         JOIN equipment_models m ON m.id = s.model_id
         LEFT JOIN series_latest l ON l.series_id = s.id
         LEFT JOIN sensor_types st ON st.model_type_id = m.model_type_id AND st.tag_code = s.tag
         LEFT JOIN alarm_states a ON a.series_id = s.id
         WHERE s.model_id = $1 ORDER BY s.tag`,
        [modelId],
      );
      return rows;
    },

    async count(seriesId: number, fromS: number, toS: number): Promise<number> {
      const { rows } = await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM measurements WHERE series_id = $1 AND ts >= to_timestamp($2) AND ts < to_timestamp($3)',
        [seriesId, fromS, toS],
      );
      return rows[0]?.n ?? 0;
    },

    async raw(seriesId: number, fromS: number, toS: number, limit: number) {
      const { rows } = await pool.query<{ t: number; v: number }>({
        name: 'series-raw',
        text: RAW,
        values: [seriesId, fromS, toS, limit],
      });
      return rows;
    },

    async m4(seriesId: number, fromS: number, toS: number, width: number) {
      const { rows } = await pool.query<{ t: number; v: number }>({
        name: 'series-m4',
        text: M4,
        values: [seriesId, fromS, toS, width],
      });
      return rows;
    },

    /**
     * M4 to a chart width: a pixel spanning an hour or more is drawn from the hourly rollups (exact to the hour, a
     * year in one read), a finer one from the points. Every chart call downsamples through this one choice.
     */
    m4ToWidth(seriesId: number, fromS: number, toS: number, width: number) {
      const columnS = (toS - fromS) / width;
      // The coarsest level whose bucket still fits in a pixel column.
      const level = [...M4_LEVELS].reverse().find((one) => columnS >= one.spanS);
      return level
        ? repository.m4FromRollups(seriesId, fromS, toS, width, level)
        : repository.m4(seriesId, fromS, toS, width);
    },

    async m4FromRollups(
      seriesId: number,
      fromS: number,
      toS: number,
      width: number,
      level: M4Level = M4_LEVELS[0] as M4Level,
    ) {
      const { rows } = await pool.query<{ t: number; v: number }>({
        name: level.statement,
        text: level.text,
        values: [seriesId, fromS, toS, width],
      });
      return rows;
    },

    async waveforms(
      modelId: string,
      filter: {
        sensor?: string | undefined;
        channel?: string | undefined;
        kind?: string | undefined;
        limit: number;
      },
    ): Promise<WaveformRow[]> {
      const { rows } = await pool.query<WaveformRow>(
        `SELECT id, sensor, kind, channel, sample_rate, captured_at, unit, file_name, alias, length FROM waveforms
         WHERE model_id = $1 AND ($2::text IS NULL OR sensor = $2) AND ($3::text IS NULL OR channel = $3) AND ($4::text IS NULL OR kind = $4)
         ORDER BY captured_at DESC, sensor, channel LIMIT $5`,
        [modelId, filter.sensor ?? null, filter.channel ?? null, filter.kind ?? null, filter.limit],
      );
      return rows;
    },

    async waveform(id: string): Promise<(WaveformRow & { model_id: string; samples: Buffer }) | undefined> {
      const { rows } = await pool.query<WaveformRow & { model_id: string; samples: Buffer }>(
        'SELECT id, model_id, sensor, kind, channel, sample_rate, captured_at, unit, file_name, alias, length, samples FROM waveforms WHERE id = $1',
        [id],
      );
      return rows[0];
    },
  };
  return repository;
}

export type TimeseriesRepository = ReturnType<typeof createTimeseriesRepository>;
