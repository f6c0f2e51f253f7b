import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { noPhases, type PhaseRecorder } from '../../lib/phases.ts';
import { ROLLUP_LEVELS } from '../timeseries/rollup-levels.ts';

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

// The usual case, a batch of new points: PostgreSQL's binary COPY, the cheapest write it has (no text to format here
// or parse there). Any point already stored fails the whole COPY with a unique violation, and the batch is written
// again by INSERT … ON CONFLICT DO NOTHING below, which counts what was new.
const COPY_MEASUREMENTS = 'COPY measurements (series_id, ts, value) FROM STDIN (FORMAT binary)';
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const COPY_ROW_BYTES = 2 + 3 * (4 + 8);

/**
 * Rows of (series_id bigint, ts timestamptz, value float8) in the binary COPY format: a signature, flags and header
 * extension length, then per row a field count and each field's length and big-endian bytes (timestamptz is
 * microseconds since 2000-01-01 UTC), then -1. Written through a DataView (big-endian by default), whose setters the
 * compiler inlines, and int64s as two halves, without a BigInt per value: this runs over every point of every batch.
 */
export function binaryCopyRows(seriesIds: number[], tsMs: number[], values: number[]): Buffer {
  const count = seriesIds.length;
  const buffer = Buffer.allocUnsafe(COPY_SIGNATURE.length + 8 + count * COPY_ROW_BYTES + 2);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let offset = COPY_SIGNATURE.copy(buffer, 0);
  view.setInt32(offset, 0);
  view.setInt32(offset + 4, 0);
  offset += 8;
  for (let i = 0; i < count; i++) {
    const id = seriesIds[i] as number;
    const us = ((tsMs[i] as number) - PG_EPOCH_MS) * 1000;
    const idHigh = Math.floor(id / TWO_32);
    const usHigh = Math.floor(us / TWO_32);
    view.setInt16(offset, 3);
    view.setInt32(offset + 2, 8);
    view.setInt32(offset + 6, idHigh);
    view.setUint32(offset + 10, id - idHigh * TWO_32);
    view.setInt32(offset + 14, 8);
    view.setInt32(offset + 18, usHigh);
    view.setUint32(offset + 22, us - usHigh * TWO_32);
    view.setInt32(offset + 26, 8);
    view.setFloat64(offset + 30, values[i] as number);
    offset += COPY_ROW_BYTES;
  }
  view.setInt16(offset, -1);
  return buffer;
}

/**
 * The points of a batch with each series' points together, series by ascending id and each one's points in the
 * order sent (issue 28 item 1). A gateway's batch interleaves its tags point by point; written in that order, the
 * COPY descends the index to a different place for every row, while grouped it extends each series' range in one run
 * (the ingest bench: 13 % less database CPU per point). Returns the arrays themselves when there is one series.
 */
export function groupBySeries(seriesIds: number[], tsMs: number[], values: number[]) {
  // One lookup per point (none while a run of the same series lasts): each point's series as a small number.
  const indexOf = new Map<number, number>();
  const distinct: number[] = [];
  const slot = new Int32Array(seriesIds.length);
  let previous = Number.NaN;
  let index = -1;
  for (let i = 0; i < seriesIds.length; i++) {
    const id = seriesIds[i] as number;
    if (id !== previous) {
      previous = id;
      const known = indexOf.get(id);
      if (known === undefined) {
        index = distinct.length;
        indexOf.set(id, index);
        distinct.push(id);
      } else index = known;
    }
    slot[i] = index;
  }
  if (distinct.length <= 1) return { seriesIds, tsMs, values };
  // Where each series' run starts, series by ascending id.
  const counts = new Int32Array(distinct.length);
  for (let i = 0; i < slot.length; i++) {
    const k = slot[i] as number;
    counts[k] = (counts[k] as number) + 1;
  }
  const next = new Int32Array(distinct.length);
  let offset = 0;
  for (const i of distinct
    .map((_, i) => i)
    .sort((a, b) => (distinct[a] as number) - (distinct[b] as number))) {
    next[i] = offset;
    offset += counts[i] as number;
  }
  const grouped = {
    seriesIds: new Array<number>(seriesIds.length),
    tsMs: new Array<number>(seriesIds.length),
    values: new Array<number>(seriesIds.length),
  };
  for (let i = 0; i < seriesIds.length; i++) {
    const k = slot[i] as number;
    const at = next[k] as number;
    next[k] = at + 1;
    grouped.seriesIds[at] = seriesIds[i] as number;
    grouped.tsMs[at] = tsMs[i] as number;
    grouped.values[at] = values[i] as number;
  }
  return grouped;
}

/** PostgreSQL's unique_violation: the batch holds a point that is already stored (or one twice). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

// Timestamps travel as epoch milliseconds (float8), cheaper to send than text; conflict means already stored (the
// first write wins). The rows answered are the new ones: only they are queued for the analysis.
const INSERT_MEASUREMENTS = `INSERT INTO measurements (series_id, ts, value)
SELECT s, to_timestamp(t / 1000.0), v FROM unnest($1::bigint[], $2::float8[], $3::float8[]) AS u(s, t, v)
ON CONFLICT DO NOTHING
RETURNING series_id::float8, (extract(epoch FROM ts) * 1000)::float8, value`;

// The points a batch added, one queue row per series naming them rather than copying them (migration 0048, decision
// 0005): their time range and the transaction that wrote them, read from the stored row of the first (the xmin of a
// subtransaction's rows, too). The analysis reads back the points of the series in that range with that xmin: this
// batch's new points, none stored before or by another batch. A point the lookup does not find fails the CHECK.
const QUEUE_ARRIVALS = `INSERT INTO measurement_arrivals (series_id, written_by, t_from, t_to)
SELECT s, (SELECT xmin FROM measurements WHERE series_id = s AND ts = to_timestamp(f / 1000.0)),
  to_timestamp(f / 1000.0), to_timestamp(l / 1000.0)
FROM unnest($1::bigint[], $2::float8[], $3::float8[]) AS u(s, f, l)`;
const ARRIVAL_POINT_BYTES = 16;

/** The merge of one rollup level (the table's name is one of ROLLUP_LEVELS, never input), from parameter `p`. */
const mergeRollupsInto = (table: string, p: number) => `INSERT INTO ${table} AS r
  (series_id, bucket, t_first, v_first, t_last, v_last, t_min, v_min, t_max, v_max)
SELECT s, to_timestamp(b / 1000.0), to_timestamp(tf / 1000.0), vf, to_timestamp(tl / 1000.0), vl,
  to_timestamp(tn / 1000.0), vn, to_timestamp(tx / 1000.0), vx
FROM unnest($${p}::bigint[], $${p + 1}::float8[], $${p + 2}::float8[], $${p + 3}::float8[], $${p + 4}::float8[],
  $${p + 5}::float8[], $${p + 6}::float8[], $${p + 7}::float8[], $${p + 8}::float8[], $${p + 9}::float8[])
  AS u(s, b, tf, vf, tl, vl, tn, vn, tx, vx)
ON CONFLICT (series_id, bucket) DO UPDATE SET
  t_first = CASE WHEN EXCLUDED.t_first < r.t_first THEN EXCLUDED.t_first ELSE r.t_first END,
  v_first = CASE WHEN EXCLUDED.t_first < r.t_first THEN EXCLUDED.v_first ELSE r.v_first END,
  t_last = CASE WHEN EXCLUDED.t_last > r.t_last THEN EXCLUDED.t_last ELSE r.t_last END,
  v_last = CASE WHEN EXCLUDED.t_last > r.t_last THEN EXCLUDED.v_last ELSE r.v_last END,
  t_min = CASE WHEN EXCLUDED.v_min < r.v_min THEN EXCLUDED.t_min ELSE r.t_min END,
  v_min = least(EXCLUDED.v_min, r.v_min),
  t_max = CASE WHEN EXCLUDED.v_max > r.v_max THEN EXCLUDED.t_max ELSE r.t_max END,
  v_max = greatest(EXCLUDED.v_max, r.v_max)`;

/**
 * The work after a batch's points are written, in one statement and one round trip (issue 28 item 1): every rollup
 * level merged, each series' latest value (its `series_latest` row, created by the series' first batch; decision
 * 0008) and each model's time of last data moved forward, never back. These rows are shared by every batch of the
 * same series, so a concurrent batch waits on them until this transaction commits: they are touched last, at once, in
 * id order (no deadlock between two batches naming the same series in another order).
 */
const AFTER_WRITE = (() => {
  const merges = ROLLUP_LEVELS.map(
    (level, i) => `merge_${i} AS (${mergeRollupsInto(level.table, i * 10 + 1)})`,
  );
  const p = ROLLUP_LEVELS.length * 10 + 1;
  // afterWrite builds each level from the one below it (coarsenRollups).
  for (const [i, level] of ROLLUP_LEVELS.entries()) {
    const finer = ROLLUP_LEVELS[i - 1];
    if (finer && level.spanMs % finer.spanMs !== 0)
      throw new Error(`${level.table} spans no whole number of ${finer.table} buckets`);
  }
  return `WITH ${merges.join(',\n')},
models AS (
  UPDATE equipment_models m SET last_data_at = to_timestamp(u.t / 1000.0)
  FROM unnest($${p + 3}::uuid[], $${p + 4}::float8[]) AS u(id, t)
  WHERE m.id = u.id AND (m.last_data_at IS NULL OR m.last_data_at < to_timestamp(u.t / 1000.0))
)
INSERT INTO series_latest AS l (series_id, last_ts, last_value)
SELECT u.id, to_timestamp(u.t / 1000.0), u.v
FROM unnest($${p}::bigint[], $${p + 1}::float8[], $${p + 2}::float8[]) AS u(id, t, v)
ON CONFLICT (series_id) DO UPDATE SET last_ts = EXCLUDED.last_ts, last_value = EXCLUDED.last_value
WHERE l.last_ts IS NULL OR l.last_ts <= EXCLUDED.last_ts`;
})();

interface Rollup {
  series: number;
  bucket: number;
  tFirst: number;
  vFirst: number;
  tLast: number;
  vLast: number;
  tMin: number;
  vMin: number;
  tMax: number;
  vMax: number;
}

const HOUR_MS = 3_600_000;

/**
 * First/last/min/max of a batch per series and bucket of `spanMs` (hourly by default), to be merged into a level,
 * in series id and bucket order. Keyed by numbers, no string per point: this runs over every point of every batch.
 */
export function batchRollups(
  seriesIds: number[],
  tsMs: number[],
  values: number[],
  spanMs: number = HOUR_MS,
): Rollup[] {
  const bySeries = new Map<number, Map<number, Rollup>>();
  let series = Number.NaN;
  let buckets: Map<number, Rollup> | undefined;
  let last: Rollup | undefined;
  for (let i = 0; i < seriesIds.length; i++) {
    const id = seriesIds[i] as number;
    const t = tsMs[i] as number;
    const v = values[i] as number;
    if (id !== series) {
      series = id;
      buckets = bySeries.get(id);
      if (!buckets) {
        buckets = new Map();
        bySeries.set(id, buckets);
      }
    }
    const bucket = Math.floor(t / spanMs) * spanMs;
    // A series' points mostly come in time order: the previous point's bucket, without a lookup.
    const rollup =
      last !== undefined && last.series === id && last.bucket === bucket
        ? last
        : (buckets as Map<number, Rollup>).get(bucket);
    if (!rollup) {
      last = {
        series: id,
        bucket,
        tFirst: t,
        vFirst: v,
        tLast: t,
        vLast: v,
        tMin: t,
        vMin: v,
        tMax: t,
        vMax: v,
      };
      (buckets as Map<number, Rollup>).set(bucket, last);
      continue;
    }
    last = rollup;
    if (t < rollup.tFirst) [rollup.tFirst, rollup.vFirst] = [t, v];
    if (t > rollup.tLast) [rollup.tLast, rollup.vLast] = [t, v];
    if (v < rollup.vMin) [rollup.tMin, rollup.vMin] = [t, v];
    if (v > rollup.vMax) [rollup.tMax, rollup.vMax] = [t, v];
  }
  const rollups: Rollup[] = [];
  for (const id of [...bySeries.keys()].sort((a, b) => a - b)) {
    const buckets = bySeries.get(id) as Map<number, Rollup>;
    for (const bucket of [...buckets.keys()].sort((a, b) => a - b))
      rollups.push(buckets.get(bucket) as Rollup);
  }
  return rollups;
}

/**
 * Rollups of a coarser level from those of a finer one (sorted by series and bucket, as batchRollups answers them;
 * `spanMs` a multiple of the finer span): the same first, last, minimum and maximum as from the points, without
 * another pass over every point.
 */
export function coarsenRollups(rollups: Rollup[], spanMs: number): Rollup[] {
  const coarse: Rollup[] = [];
  let current: Rollup | undefined;
  for (const rollup of rollups) {
    const bucket = Math.floor(rollup.bucket / spanMs) * spanMs;
    if (current === undefined || current.series !== rollup.series || current.bucket !== bucket) {
      current = { ...rollup, bucket };
      coarse.push(current);
      continue;
    }
    if (rollup.tFirst < current.tFirst) [current.tFirst, current.vFirst] = [rollup.tFirst, rollup.vFirst];
    if (rollup.tLast > current.tLast) [current.tLast, current.vLast] = [rollup.tLast, rollup.vLast];
    if (rollup.vMin < current.vMin) [current.tMin, current.vMin] = [rollup.tMin, rollup.vMin];
    if (rollup.vMax > current.vMax) [current.tMax, current.vMax] = [rollup.tMax, rollup.vMax];
  }
  return coarse;
}

/** The rollup columns of a level as the parallel arrays its merge takes. */
function rollupColumns(rollups: Rollup[]): number[][] {
  const keys = [
    'series',
    'bucket',
    'tFirst',
    'vFirst',
    'tLast',
    'vLast',
    'tMin',
    'vMin',
    'tMax',
    'vMax',
  ] as const;
  return keys.map((key) => rollups.map((rollup) => rollup[key]));
}

/**
 * What the analysis queue needs of a batch (measurement_arrivals): per series, in order of first appearance, the
 * earliest and latest time of its points.
 */
export function arrivalRanges(seriesIds: number[], tsMs: number[]) {
  const at = new Map<number, number>();
  const ids: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < seriesIds.length; i++) {
    const id = seriesIds[i] as number;
    const t = tsMs[i] as number;
    const index = at.get(id);
    if (index === undefined) {
      at.set(id, ids.length);
      ids.push(id);
      from.push(t);
      to.push(t);
    } else if (t < (from[index] as number)) from[index] = t;
    else if (t > (to[index] as number)) to[index] = t;
  }
  return { ids, from, to };
}

/**
 * The points of one queue row, in time order: little-endian float64 pairs (epoch milliseconds, value), as rows
 * queued before migration 0048 hold them and as the analysis repository reads a queued range back.
 */
export function unpackArrival(points: Buffer): { t: number; value: number }[] {
  const samples: { t: number; value: number }[] = [];
  let sorted = true;
  for (let at = 0; at + ARRIVAL_POINT_BYTES <= points.length; at += ARRIVAL_POINT_BYTES) {
    const t = points.readDoubleLE(at);
    if (sorted && samples.length && (samples.at(-1) as { t: number }).t > t) sorted = false;
    samples.push({ t, value: points.readDoubleLE(at + 8) });
  }
  if (!sorted) samples.sort((a, b) => a.t - b.t);
  return samples;
}

/**
 * The first day (`YYYY-MM-01`) of every UTC month that holds one of the timestamps: only these get a partition. A
 * batch's points mostly share a month, so the calendar is consulted only when a point leaves the current one.
 */
export function monthsHolding(timestampsMs: Iterable<number>): string[] {
  const months = new Set<string>();
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const ms of timestampsMs) {
    if (ms >= start && ms < end) continue;
    const date = new Date(ms);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    start = Date.UTC(year, month, 1);
    end = Date.UTC(year, month + 1, 1);
    months.add(`${year}-${String(month + 1).padStart(2, '0')}-01`);
  }
  return [...months];
}

/** SQL of ingestion. Statements are prepared and take whole batches as arrays: one round trip per table. */
export function createIngestRepository(pool: pg.Pool) {
  const seriesCache = new Map<string, number>();
  const knownMonths = new Set<string>();
  const retention = new Map<string, { days: number; at: number }>();

  const repository = {
    async modelsByCode(codes: string[]): Promise<IngestModel[]> {
      const { rows } = await pool.query<IngestModel>({
        name: 'ingest-models',
        text: MODELS_BY_CODE,
        values: [codes],
      });
      return rows;
    },

    /** The oldest instant a company keeps; read at most once a minute per company. */
    async retentionStart(companyId: string): Promise<number> {
      const cached = retention.get(companyId);
      if (cached && cached.at > Date.now() - 60_000) return Date.now() - cached.days * 86_400_000;
      const { rows } = await pool.query<{ days: number }>({
        name: 'retention',
        text: 'SELECT retention_days AS days FROM companies WHERE id = $1',
        values: [companyId],
      });
      const days = rows[0]?.days ?? 3650;
      retention.set(companyId, { days, at: Date.now() });
      return Date.now() - days * 86_400_000;
    },

    /**
     * Creates the monthly partitions the batch's points fall in, and no other, before it is written (creation locks
     * the parent briefly).
     */
    async ensurePartitions(timestampsMs: Iterable<number>) {
      for (const month of monthsHolding(timestampsMs)) {
        if (knownMonths.has(month)) continue;
        await pool.query('SELECT ensure_measurement_partition($1::date)', [month]);
        knownMonths.add(month);
      }
    },

    /** Series ids for (model, tag) pairs, created on first use; cached, since a series is never renamed. */
    async seriesIds(pairs: { modelId: string; tag: string; unit: string; source?: 'input' | 'feature' }[]) {
      // One row per (model, tag): a batch names the same series many times, and ON CONFLICT may touch a row once.
      const missing = [
        ...new Map(
          pairs
            .filter((pair) => !seriesCache.has(`${pair.modelId}/${pair.tag}`))
            .map((pair) => [`${pair.modelId}/${pair.tag}`, pair]),
        ).values(),
      ];
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
      // A nested lookup for the batch: no key string per point on the hot path.
      const lookup = new Map<string, Map<string, number>>();
      for (const pair of pairs) {
        let tags = lookup.get(pair.modelId);
        if (!tags) {
          tags = new Map();
          lookup.set(pair.modelId, tags);
        }
        tags.set(pair.tag, seriesCache.get(`${pair.modelId}/${pair.tag}`) as number);
      }
      return (modelId: string, tag: string) => lookup.get(modelId)?.get(tag) as number;
    },

    forgetSeries() {
      seriesCache.clear();
    },

    /** Stores points none of which is stored yet, all or nothing; a unique violation means some were. */
    async copyMeasurements(
      client: pg.PoolClient,
      seriesIds: number[],
      tsMs: number[],
      values: number[],
    ): Promise<number> {
      if (!seriesIds.length) return 0;
      const rows = binaryCopyRows(seriesIds, tsMs, values);
      const stream = client.query(copyFrom(COPY_MEASUREMENTS));
      await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.once('finish', resolve);
        stream.end(rows);
      });
      return stream.rowCount;
    },

    /** Stores what is not stored yet; answers the points that were new, as parallel arrays. */
    async insertMeasurements(
      client: pg.PoolClient,
      seriesIds: number[],
      tsMs: number[],
      values: number[],
    ): Promise<{ seriesIds: number[]; tsMs: number[]; values: number[] }> {
      const added = { seriesIds: [] as number[], tsMs: [] as number[], values: [] as number[] };
      if (!seriesIds.length) return added;
      const result = await client.query<[number, number, number]>({
        name: 'insert-measurements',
        text: INSERT_MEASUREMENTS,
        values: [seriesIds, tsMs, values],
        rowMode: 'array',
      });
      for (const [series, t, value] of result.rows) {
        added.seriesIds.push(series);
        added.tsMs.push(t);
        added.values.push(value);
      }
      return added;
    },

    /** Queues the points a batch added for the analysis, per series, in the batch's transaction (decision 0005). */
    async queueArrivals(client: pg.PoolClient, seriesIds: number[], tsMs: number[]) {
      if (!seriesIds.length) return;
      const { ids, from, to } = arrivalRanges(seriesIds, tsMs);
      await client.query({ name: 'queue-arrivals', text: QUEUE_ARRIVALS, values: [ids, from, to] });
    },

    /**
     * Merges a batch into every rollup level and moves each series' latest value and each model's time of last data
     * (`modelLatest`, epoch ms per model id) forward, in the batch's transaction and one statement (see AFTER_WRITE).
     */
    async afterWrite(
      client: pg.PoolClient,
      seriesIds: number[],
      tsMs: number[],
      values: number[],
      modelLatest: Map<string, number> = new Map(),
    ) {
      if (!seriesIds.length) return;
      // The finest level from the points, each coarser one from the level below it.
      const levels: Rollup[][] = [];
      for (const level of ROLLUP_LEVELS) {
        const finer = levels.at(-1);
        levels.push(
          finer ? coarsenRollups(finer, level.spanMs) : batchRollups(seriesIds, tsMs, values, level.spanMs),
        );
      }
      // Each series' latest point is the last of its latest bucket.
      const latest: Rollup[] = [];
      for (const rollup of levels[0] as Rollup[]) {
        if (latest.at(-1)?.series === rollup.series) latest[latest.length - 1] = rollup;
        else latest.push(rollup);
      }
      const models = [...modelLatest.keys()].sort();
      await client.query({
        name: 'ingest-after-write',
        text: AFTER_WRITE,
        values: [
          ...levels.flatMap(rollupColumns),
          latest.map((rollup) => rollup.series),
          latest.map((rollup) => rollup.tLast),
          latest.map((rollup) => rollup.vLast),
          models,
          models.map((id) => modelLatest.get(id)),
        ],
      });
    },

    /**
     * Stores points in the caller's transaction with their hourly rollups and each series' latest value, and queues
     * the new ones for the analysis; answers how many were new. `copy` is for points none of which is stored yet (a
     * unique violation otherwise); `insert` skips what is stored (the first write wins).
     */
    async storePoints(
      client: pg.PoolClient,
      how: 'copy' | 'insert',
      seriesIds: number[],
      tsMs: number[],
      values: number[],
      phases: PhaseRecorder = noPhases,
      modelLatest?: Map<string, number>,
    ): Promise<number> {
      const grouped = groupBySeries(seriesIds, tsMs, values);
      // The points this batch added: all of them by COPY, those not stored yet otherwise. Only they are queued and
      // merged into the rollups and latest values: a retry's duplicate with another value never skews them.
      let added = grouped;
      if (how === 'copy') {
        await repository.copyMeasurements(client, grouped.seriesIds, grouped.tsMs, grouped.values);
      } else {
        added = await repository.insertMeasurements(client, grouped.seriesIds, grouped.tsMs, grouped.values);
      }
      phases.lap('write');
      await repository.queueArrivals(client, added.seriesIds, added.tsMs);
      phases.lap('queue');
      await repository.afterWrite(client, added.seriesIds, added.tsMs, added.values, modelLatest);
      phases.lap('rollups');
      return added.seriesIds.length;
    },

    /** Vibration captures stored, before units were honoured, in one of `units` (velocity or displacement). */
    async capturesInUnits(units: string[], limit: number) {
      const { rows } = await pool.query<{ id: string; unit: string; sample_rate: number; samples: Buffer }>(
        `SELECT id, unit, sample_rate, samples FROM waveforms WHERE kind = 'vibration' AND unit = ANY($1::text[])
         LIMIT $2`,
        [units, limit],
      );
      return rows;
    },

    /** Rewrites a capture's samples in another unit, unless another process did it first. */
    async replaceSamples(id: string, from: string, to: { unit: string; samples: Buffer }) {
      await pool.query('UPDATE waveforms SET unit = $3, samples = $4 WHERE id = $1 AND unit = $2', [
        id,
        from,
        to.unit,
        to.samples,
      ]);
    },

    /** One capture, in one statement: on the pool it commits on its own (ingest.service.ts). */
    async insertWaveform(
      client: pg.Pool | pg.PoolClient,
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

    /**
     * Models with captures or queued points their analysis has not taken, for the minute's maintenance to enqueue
     * their job again: a batch's or capture's job is sent after its commit, so a process stopping in between leaves
     * the data for this sweep. Captures are read through the partial index of those not analysed (migration 0050),
     * the points' queue (taken within seconds) whole; on a cluster it asks every shard, once a minute. Active models
     * only: an inactive model's analysis takes nothing, so its data would bring its job back every minute until it
     * is active again.
     */
    async modelsWithUnanalysedData(): Promise<string[]> {
      const { rows } = await pool.query<{ model_id: string }>(
        `SELECT model_id FROM waveforms WHERE analysed_at IS NULL
           AND model_id IN (SELECT id FROM equipment_models WHERE is_active)
         UNION
         SELECT s.model_id FROM measurement_arrivals a JOIN series s ON s.id = a.series_id
           WHERE s.model_id IN (SELECT id FROM equipment_models WHERE is_active)`,
      );
      return rows.map((row) => row.model_id);
    },
  };
  return repository;
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
