import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  binaryCopyRows,
  createIngestRepository,
  monthsHolding,
  packArrivals,
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
  it('groups the points per series, each in the order sent, and reads them back in time order', () => {
    const packed = packArrivals([7, 9, 7, 7], [3000, 1000, 1000, 2000], [0.5, -1, 1e-300, 42]);
    expect(packed.ids).toEqual([7, 9]);
    expect(packed.offsets).toEqual([0, 48]);
    expect(packed.lengths).toEqual([48, 16]);
    const first = packed.points.subarray(0, 48);
    expect(unpackArrival(first)).toEqual([
      { t: 1000, value: 1e-300 },
      { t: 2000, value: 42 },
      { t: 3000, value: 0.5 },
    ]);
    expect(unpackArrival(packed.points.subarray(48))).toEqual([{ t: 1000, value: -1 }]);
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
