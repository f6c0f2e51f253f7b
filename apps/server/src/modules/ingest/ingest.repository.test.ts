import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, type TestContext } from '../../../test/harness.ts';
import { createModel, seedEquipment } from '../../../test/plant.ts';
import { withTransaction } from '../../db/pool.ts';
import { createAnalysisRepository } from '../analysis/analysis.repository.ts';
import {
  arrivalRanges,
  batchRollups,
  binaryCopyRows,
  coarsenRollups,
  createIngestRepository,
  groupBySeries,
  monthsHolding,
  unpackArrival,
} from './ingest.repository.ts';

const PG_EPOCH_US = 946_684_800_000_000n;

describe('binaryCopyRows', () => {
  it('lays rows out as PostgreSQL binary COPY: signature, header, 3 fields of 8 bytes, trailer', () => {
    // Independent reading of the layout with BigInt, for values past 2^32 and before 2000-01-01.
    const ids = [1, 2 ** 40 + 5];
    const ts = [Date.UTC(2026, 10, 22, 12, 0, 0, 123), Date.UTC(1999, 11, 31, 23, 59, 59, 999)];
    const values = [0.1 + 0.2, -1e-300];
    const buffer = binaryCopyRows(ids, ts, values);
    expect(buffer.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    expect(buffer.readInt32BE(11)).toBe(0);
    expect(buffer.readInt32BE(15)).toBe(0);
    expect(buffer.length).toBe(19 + 2 * 38 + 2);
    for (let row = 0; row < 2; row++) {
      const at = 19 + row * 38;
      expect(buffer.readInt16BE(at)).toBe(3);
      expect([buffer.readInt32BE(at + 2), buffer.readInt32BE(at + 14), buffer.readInt32BE(at + 26)]).toEqual([
        8, 8, 8,
      ]);
      expect(buffer.readBigInt64BE(at + 6)).toBe(BigInt(ids[row] as number));
      expect(buffer.readBigInt64BE(at + 18)).toBe(BigInt(ts[row] as number) * 1000n - PG_EPOCH_US);
      expect(buffer.readDoubleBE(at + 30)).toBe(values[row]);
    }
    expect(buffer.readInt16BE(19 + 2 * 38)).toBe(-1);
  });
});

describe('copyMeasurements', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('stores exactly what it was given, and refuses a stored point with a unique violation, writing nothing', async () => {
    const repository = createIngestRepository(ctx.database.pool);
    const ts = [Date.UTC(2026, 10, 1, 0, 0, 0, 1), Date.UTC(2026, 10, 21, 23, 59, 59, 999)];
    await repository.ensurePartitions(ts);
    const ids = [2 ** 40 + 5, 2 ** 40 + 5];
    const values = [Math.PI, -0.000123];
    const client = await ctx.database.pool.connect();
    try {
      expect(await repository.copyMeasurements(client, ids, ts, values)).toBe(2);
      const again = repository.copyMeasurements(
        client,
        [2 ** 40 + 5, 7],
        [ts[0] as number, ts[0] as number],
        [1, 2],
      );
      await expect(again).rejects.toMatchObject({ code: '23505' });
    } finally {
      client.release();
    }
    const { rows } = await ctx.database.pool.query<{ series_id: string; ts: Date; value: number }>(
      'SELECT series_id::text, ts, value FROM measurements ORDER BY series_id, ts',
    );
    expect(rows.map((row) => [row.series_id, row.ts.toISOString(), row.value])).toEqual([
      [String(2 ** 40 + 5), '2026-11-01T00:00:00.001Z', Math.PI],
      [String(2 ** 40 + 5), '2026-11-21T23:59:59.999Z', -0.000123],
    ]);
  });
});

describe('the analysis queue of a batch', () => {
  it('names per series the range of the points it added', () => {
    expect(arrivalRanges([7, 9, 7, 7], [3000, 1000, 1000, 2000])).toEqual({
      ids: [7, 9],
      from: [1000, 1000],
      to: [3000, 1000],
    });
  });

  it('reads packed points back in time order', () => {
    const packed = Buffer.alloc(48);
    for (const [i, number] of [3000, 0.5, 1000, 1e-300, 2000, 42].entries())
      packed.writeDoubleLE(number, i * 8);
    expect(unpackArrival(packed)).toEqual([
      { t: 1000, value: 1e-300 },
      { t: 2000, value: 42 },
      { t: 3000, value: 0.5 },
    ]);
  });
});

describe('coarsenRollups', () => {
  it('gives the six-hour rollups of the hourly ones as from the points themselves', () => {
    const seriesIds: number[] = [];
    const tsMs: number[] = [];
    const values: number[] = [];
    // Two series over 30 hours, out of time order, values with repeats and a sign change.
    for (let i = 0; i < 400; i++) {
      seriesIds.push(i % 3 === 0 ? 4 : 2);
      tsMs.push(Date.UTC(2026, 10, 20) + ((i * 7919) % 400) * 270_000);
      values.push(Math.sin(i * 1.7) * 50 + (i % 11));
    }
    const hourly = batchRollups(seriesIds, tsMs, values, 3_600_000);
    expect(coarsenRollups(hourly, 21_600_000)).toEqual(batchRollups(seriesIds, tsMs, values, 21_600_000));
    expect(coarsenRollups(hourly, 21_600_000)).toHaveLength(10);
  });
});

describe('groupBySeries', () => {
  it("puts each series' points together, series by id, each in the order sent", () => {
    expect(groupBySeries([9, 7, 9, 7, 8], [1, 2, 3, 4, 5], [0.1, 0.2, 0.3, 0.4, 0.5])).toEqual({
      seriesIds: [7, 7, 8, 9, 9],
      tsMs: [2, 4, 5, 1, 3],
      values: [0.2, 0.4, 0.5, 0.1, 0.3],
    });
  });
});

describe('batches stored in the database', () => {
  let ctx: TestContext;
  let ingest: ReturnType<typeof createIngestRepository>;
  let companyId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ingest = createIngestRepository(ctx.database.pool);
    companyId = (await seedTenants(ctx.db)).companyId;
  });
  afterAll(() => ctx.close());

  /** A new model's series of two tags, and a writer of batches of (series, minute after `t0`, value) points. */
  async function twoSeries(code: string, tags: [string, string], t0: number) {
    const model = await createModel(ctx.app, await seedEquipment(ctx.db, companyId, code), 1);
    const seriesOf = await ingest.seriesIds(tags.map((tag) => ({ modelId: model.id, tag, unit: 'ppm' })));
    const store = (how: 'copy' | 'insert', points: [number, number, number][]) =>
      withTransaction(ctx.database.pool, (client) =>
        ingest.storePoints(
          client,
          how,
          points.map(([id]) => id),
          points.map(([, minute]) => t0 + minute * 60_000),
          points.map(([, , value]) => value),
        ),
      );
    return { ids: tags.map((tag) => seriesOf(model.id, tag)) as [number, number], store };
  }

  it('gives the analysis exactly the points each batch added, in arrival order', async () => {
    const analysis = createAnalysisRepository(ctx.database.pool);
    const t0 = Date.UTC(2026, 10, 30, 23, 0);
    const at = (minute: number) => t0 + minute * 60_000;
    const {
      ids: [h2, ch4],
      store,
    } = await twoSeries('TQ1', ['h2', 'ch4'], t0);
    await ingest.ensurePartitions([at(0), at(120)]);
    // 1: a batch by COPY, each series' points spread over two months and out of order.
    expect(
      await store('copy', [
        [h2, 70, 7],
        [h2, 0, 0],
        [ch4, 10, 1],
        [h2, 30, 3],
      ]),
    ).toBe(4);
    // 2: a later batch holding points inside batch 1's range of h2 (and a point batch 1 stored: a retry's).
    expect(
      await store('insert', [
        [h2, 20, 2],
        [h2, 30, 99],
        [h2, 50, 5],
      ]),
    ).toBe(2);
    // 3: all stored already: nothing queued.
    expect(await store('insert', [[h2, 0, 0]])).toBe(0);
    // 4: written in a subtransaction (its rows carry the savepoint's transaction id).
    await withTransaction(ctx.database.pool, async (client) => {
      await client.query('SAVEPOINT inner_write');
      await ingest.storePoints(client, 'insert', [h2], [at(40)], [4]);
      await client.query('RELEASE SAVEPOINT inner_write');
    });
    const taken = (seriesId: number) =>
      withTransaction(ctx.database.pool, async (client) =>
        (await analysis.takeArrivals(client, seriesId, 50)).map(unpackArrival),
      );
    const points = (...pairs: [number, number][]) =>
      pairs.map(([minute, value]) => ({ t: at(minute), value }));
    expect(await taken(h2)).toEqual([
      points([0, 0], [30, 3], [70, 7]),
      points([20, 2], [50, 5]),
      points([40, 4]),
    ]);
    expect(await taken(ch4)).toEqual([points([10, 1])]);
    // Taken once: the queue is empty now.
    expect(await taken(h2)).toEqual([]);
  });

  it('still reads a row queued with its points before the queue named them (migration 0048)', async () => {
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'SELECT id FROM series ORDER BY id LIMIT 1',
    );
    const seriesId = Number(rows[0]?.id);
    const packed = Buffer.alloc(32);
    for (const [i, number] of [2000, 1.5, 1000, -2].entries()) packed.writeDoubleLE(number, i * 8);
    await ctx.database.pool.query('INSERT INTO measurement_arrivals (series_id, points) VALUES ($1, $2)', [
      seriesId,
      packed,
    ]);
    const analysis = createAnalysisRepository(ctx.database.pool);
    const arrivals = await withTransaction(ctx.database.pool, (client) =>
      analysis.takeArrivals(client, seriesId, 50),
    );
    expect(arrivals.map(unpackArrival)).toEqual([
      [
        { t: 1000, value: -2 },
        { t: 2000, value: 1.5 },
      ],
    ]);
  });

  it('merges batches spanning buckets into exactly the first, last, minimum and maximum of the stored points', async () => {
    const t0 = Date.UTC(2026, 10, 20, 4, 0);
    const {
      ids: [h2, co],
      store,
    } = await twoSeries('TR1', ['h2', 'co'], t0);
    await ingest.ensurePartitions([t0]);
    // Three batches, tags interleaved and out of time order, across 05:00 and 06:00 (a six-hour bucket's edge), the
    // third partly stored already (written point by point, its stored point sent with another value, which must not
    // count) and crossing into buckets the first two filled. No two points of a bucket tie (which time a tie keeps
    // depends on the order of arrival).
    const batches: [number, number, number][][] = [
      [
        [h2, 110, 5],
        [co, 20, 1],
        [h2, 50, 9],
        [h2, 70, -3],
        [co, 130, 4],
      ],
      [
        [h2, 30, 8],
        [co, 65, 7],
        [h2, 125, 2],
        [co, 10, 0.5],
      ],
      [
        [h2, 50, 100],
        [h2, 55, -8],
        [co, 150, 1],
        [h2, 140, 11],
      ],
    ];
    for (const [index, batch] of batches.entries()) await store(index === 2 ? 'insert' : 'copy', batch);
    // What the rollups must hold, aggregated from the stored points themselves (the first write of a point wins).
    for (const [table, span] of [
      ['measurement_rollups', '1 hour'],
      ['measurement_rollups_6h', '6 hours'],
    ] as const) {
      const { rows } = await ctx.database.pool.query(
        `WITH points AS (
           SELECT series_id, ts, value, date_bin($1::interval, ts, timestamptz '2000-01-01 00:00+00') AS bucket
           FROM measurements WHERE series_id = ANY($2::bigint[]))
         SELECT p.series_id, p.bucket,
           (array_agg(ts ORDER BY ts))[1] AS t_first, (array_agg(value ORDER BY ts))[1] AS v_first,
           (array_agg(ts ORDER BY ts DESC))[1] AS t_last, (array_agg(value ORDER BY ts DESC))[1] AS v_last,
           (array_agg(ts ORDER BY value, ts))[1] AS t_min, min(value) AS v_min,
           (array_agg(ts ORDER BY value DESC, ts))[1] AS t_max, max(value) AS v_max
         FROM points p GROUP BY 1, 2
         EXCEPT
         SELECT series_id, bucket, t_first, v_first, t_last, v_last, t_min, v_min, t_max, v_max FROM ${table}`,
        [span, [h2, co]],
      );
      expect(rows).toEqual([]);
      const { rows: counts } = await ctx.database.pool.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${table} WHERE series_id = ANY($1::bigint[])`,
        [[h2, co]],
      );
      expect(counts[0]?.count).toBe(table === 'measurement_rollups' ? 6 : 4);
    }
    const { rows: latest } = await ctx.database.pool.query<{ tag: string; t: Date; value: number }>(
      `SELECT s.tag, l.last_ts AS t, l.last_value AS value FROM series s JOIN series_latest l ON l.series_id = s.id
       WHERE s.id = ANY($1::bigint[]) ORDER BY s.tag`,
      [[h2, co]],
    );
    expect(latest).toEqual([
      { tag: 'co', t: new Date(t0 + 150 * 60_000), value: 1 },
      { tag: 'h2', t: new Date(t0 + 140 * 60_000), value: 11 },
    ]);
  });

  it("creates a new month's partition while a batch is being written, without waiting for it", async () => {
    const writing = await ctx.database.pool.connect();
    const creating = await ctx.database.pool.connect();
    try {
      await writing.query('BEGIN');
      await writing.query(
        "INSERT INTO measurements (series_id, ts, value) VALUES (1, '2026-11-20T00:00Z', 1)",
      );
      // The old CREATE TABLE … PARTITION OF waited here for the open batch: the lock timeout would fail it.
      await creating.query("SET lock_timeout = '2s'");
      await creating.query("SELECT ensure_measurement_partition('2031-05-01')");
      await writing.query('ROLLBACK');
    } finally {
      writing.release();
      creating.release();
    }
    await ingest.ensurePartitions([Date.UTC(2031, 4, 20)]);
    const { rows } = await ctx.database.pool.query<{ bound: string }>(
      `SELECT pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_class c WHERE c.relname = 'measurements_2031_05'`,
    );
    expect(rows[0]?.bound).toMatch(/^FOR VALUES FROM \('2031-05-01 .*'\) TO \('2031-06-01 .*'\)$/);
    await ctx.database.pool.query(
      "INSERT INTO measurements (series_id, ts, value) VALUES (1, '2031-05-31T23:59:59.999Z', 2)",
    );
  });
});

describe('monthsHolding', () => {
  it('names only the months that hold a point, not those between', () => {
    const points = [
      Date.UTC(2026, 0, 31, 23, 59, 59, 999),
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 2, 1),
      Date.UTC(2031, 11, 31),
      Date.UTC(2026, 0, 15),
    ];
    expect(monthsHolding(points)).toEqual(['2026-01-01', '2026-03-01', '2031-12-01']);
  });
});
