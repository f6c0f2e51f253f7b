import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { parseServerTiming } from '../../lib/phases.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let key: string;
let otherKey: string;
let transformer: { id: string; code: string };
let rvs: { id: string; code: string };

beforeAll(async () => {
  ctx = await createTestContext({ INGEST_BODY_LIMIT_BYTES: String(4 * 1024 * 1024) });
  tenants = await seedTenants(ctx.db);
  const tag = await seedEquipment(ctx.db, tenants.companyId);
  transformer = await createModel(ctx.app, tag, 1);
  rvs = await createModel(ctx.app, tag, 5, {
    raw_vibration_sensor_in: [
      {
        sensorId: 'S1',
        sensorName: 'Pump DE',
        machine: 'driven',
        limits: [{ type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 }],
      },
    ],
  });
  key = await createIngestKey(ctx.app, tenants.companyId);
  otherKey = await createIngestKey(ctx.app, tenants.otherCompanyId, 'outsider@other.test');
});
afterAll(() => ctx.close());

const post = (
  url: string,
  payload: string | Buffer | object,
  headers: Record<string, string> = {},
  bearer: string | null = key,
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
  });
const count = async (modelId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('measurements as m')
        .innerJoin('series as s', 's.id', 'm.series_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('s.model_id', '=', modelId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('ingest keys', () => {
  it('are created by owners and administrators, listed without the key, and revoked at once', async () => {
    const member = await signIn(ctx.app, 'member@acme.test');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/companies/${tenants.companyId}/ingest-keys`,
          headers: { cookie: member },
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const owner = await signIn(ctx.app, 'owner@acme.test');
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${tenants.companyId}/ingest-keys`,
      headers: { cookie: owner },
      payload: { name: 'temporary' },
    });
    expect(created.json().key).toMatch(/^sdp_[0-9a-f]{8}_/);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/companies/${tenants.companyId}/ingest-keys`,
      headers: { cookie: owner },
    });
    expect(listed.body).not.toContain(created.json().key);
    const point = {
      modelCode: transformer.code,
      points: [{ tag: 'h2', ts: '2026-11-01T00:00:00Z', value: 1 }],
    };
    expect((await post('/api/v1/ingest/measurements', point, {}, created.json().key)).statusCode).toBe(200);
    expect(listed.json().find((k: { id: string }) => k.id === created.json().id)).toBeDefined();
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/companies/${tenants.companyId}/ingest-keys/${created.json().id}`,
      headers: { cookie: owner, ...CSRF },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await post('/api/v1/ingest/measurements', point, {}, created.json().key)).statusCode).toBe(401);
    const used = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/companies/${tenants.companyId}/ingest-keys`,
        headers: { cookie: owner },
      })
    ).json();
    expect(used.find((k: { id: string }) => k.id === created.json().id).lastUsedAt).not.toBeNull();
  });
});

describe('POST /api/v1/ingest/measurements', () => {
  const body = (points: unknown[]) => ({ modelCode: transformer.code, points });

  it('stores JSON points once: a repeated point is a duplicate', async () => {
    const points = [
      { tag: 'h2', ts: '2026-11-20T00:00:00Z', value: 12.5 },
      { tag: 'h2', ts: Date.parse('2026-11-20T00:10:00Z'), value: '13' },
      { tag: 'ch4', ts: '2026-11-20T00:00:00+07:00', value: 4 },
    ];
    const first = await post('/api/v1/ingest/measurements', body(points));
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0, rejected: 0, errors: [] });
    // Where the server's time went, phase by phase (issue 28 item 1).
    const phases = parseServerTiming(first.headers['server-timing'] as string);
    expect([...phases.keys()]).toEqual(
      expect.arrayContaining([
        'receive',
        'parse',
        'admission',
        'validate',
        'write',
        'queue',
        'rollups',
        'commit',
        // The analysis job, sent after the commit.
        'jobs',
      ]),
    );
    for (const ms of phases.values()) expect(ms).toBeGreaterThanOrEqual(0);
    const again = await post('/api/v1/ingest/measurements', body(points));
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3, rejected: 0, errors: [] });
    const stored = await ctx.db
      .selectFrom('measurements as m')
      .innerJoin('series as s', 's.id', 'm.series_id')
      .select(['s.tag', 's.unit', 'm.ts', 'm.value'])
      .where('s.model_id', '=', transformer.id)
      .where('s.tag', 'in', ['h2', 'ch4'])
      .where('m.ts', '>', new Date('2026-11-10T00:00:00Z'))
      .orderBy('m.ts')
      .execute();
    expect(stored.map((row) => [row.tag, row.unit, row.ts.toISOString(), row.value])).toEqual([
      ['ch4', 'ppm', '2026-11-19T17:00:00.000Z', 4],
      ['h2', 'ppm', '2026-11-20T00:00:00.000Z', 12.5],
      ['h2', 'ppm', '2026-11-20T00:10:00.000Z', 13],
    ]);
  });

  it('counts only the new points of a batch that is partly stored, and stores a point sent twice once', async () => {
    const points = [
      { tag: 'c2h2', ts: '2026-11-20T01:00:00.123Z', value: 0.1 },
      { tag: 'c2h2', ts: '2026-11-20T01:01:00.456Z', value: -2.5 },
    ];
    expect((await post('/api/v1/ingest/measurements', body(points))).json()).toMatchObject({
      accepted: 2,
      duplicates: 0,
    });
    const retry = await post(
      '/api/v1/ingest/measurements',
      body([
        ...points,
        { tag: 'c2h2', ts: '2026-11-20T01:02:00Z', value: 3 },
        { tag: 'c2h2', ts: '2026-11-20T01:02:00Z', value: 3 },
        null,
        42,
      ]),
    );
    expect(retry.json()).toEqual({
      accepted: 1,
      duplicates: 3,
      rejected: 2,
      errors: [
        { row: 5, reason: 'tag is missing' },
        { row: 6, reason: 'tag is missing' },
      ],
    });
    const stored = await ctx.db
      .selectFrom('measurements as m')
      .innerJoin('series as s', 's.id', 'm.series_id')
      .select(['m.ts', 'm.value'])
      .where('s.model_id', '=', transformer.id)
      .where('s.tag', '=', 'c2h2')
      .orderBy('m.ts')
      .execute();
    expect(stored.map((row) => [row.ts.toISOString(), row.value])).toEqual([
      ['2026-11-20T01:00:00.123Z', 0.1],
      ['2026-11-20T01:01:00.456Z', -2.5],
      ['2026-11-20T01:02:00.000Z', 3],
    ]);
  });

  it('reports every bad row with its reason and stores the good ones', async () => {
    const response = await post(
      '/api/v1/ingest/measurements',
      body([
        { tag: 'h2', ts: '2026-11-21T00:00:00Z', value: 1 },
        { tag: 'h2', ts: 'yesterday', value: 1 },
        { tag: 'h2', ts: '2030-01-01T00:00:00Z', value: 1 },
        { tag: 'h2', ts: '2026-11-21T00:01:00Z', value: 'NaN' },
        { tag: 'h2', ts: '2026-11-21T00:02:00Z', value: null },
        { tag: 'unobtainium', ts: '2026-11-21T00:03:00Z', value: 1 },
        { tag: 'h2', ts: '1990-01-01T00:00:00Z', value: 1 },
        { tag: 'h2', ts: '2010-01-01T00:00:00Z', value: 1 },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 7,
      errors: [
        { row: 2, reason: "unparseable timestamp 'yesterday'" },
        { row: 3, reason: "timestamp is more than 300 s ahead of the server's clock" },
        { row: 4, reason: "value is not a finite number: 'NaN'" },
        { row: 5, reason: "value is not a finite number: 'null'" },
        { row: 6, reason: `unknown tag unobtainium for model ${transformer.code}` },
        { row: 7, reason: 'timestamp is before 2000-01-01' },
        { row: 8, reason: 'timestamp is older than the retention period' },
      ],
    });
  });

  it('refuses a point stamped beyond the future tolerance on its row and stores the rest', async () => {
    const now = Date.now();
    const response = await post(
      '/api/v1/ingest/measurements',
      body([
        { tag: 'co', ts: now + 2 * 60_000, value: 1 },
        { tag: 'co', ts: now + 10 * 60_000, value: 2 },
        { tag: 'co', ts: new Date(now + 6 * 3_600_000).toISOString(), value: 3 },
      ]),
    );
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 2,
      errors: [
        { row: 2, reason: "timestamp is more than 300 s ahead of the server's clock" },
        { row: 3, reason: "timestamp is more than 300 s ahead of the server's clock" },
      ],
    });
  });

  it('refuses impossible dates instead of rolling them over to another day', async () => {
    const response = await post(
      '/api/v1/ingest/measurements',
      body([
        { tag: 'co', ts: '2026-02-30T00:00:00Z', value: 1 },
        { tag: 'co', ts: '2025-02-29T00:00:00Z', value: 1 },
        { tag: 'co', ts: '2026-04-31T12:00:00+07:00', value: 1 },
        { tag: 'co', ts: '2026-11-20T24:00:00Z', value: 1 },
        { tag: 'co', ts: '2026-11-20T12:00:00+24:00', value: 1 },
        { tag: 'co', ts: '2024-02-29T00:00:00Z', value: 5 },
      ]),
    );
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 5,
      errors: [
        { row: 1, reason: "unparseable timestamp '2026-02-30T00:00:00Z'" },
        { row: 2, reason: "unparseable timestamp '2025-02-29T00:00:00Z'" },
        { row: 3, reason: "unparseable timestamp '2026-04-31T12:00:00+07:00'" },
        { row: 4, reason: "unparseable timestamp '2026-11-20T24:00:00Z'" },
        { row: 5, reason: "unparseable timestamp '2026-11-20T12:00:00+24:00'" },
      ],
    });
  });

  it('refuses poisoned CSV rows one by one (NUL, bad number, bad date) and stores the good ones', async () => {
    const code = transformer.code;
    const csv = [
      'modelCode,tag,ts,value',
      `${code},co2,2026-11-21T06:00:00Z,1`,
      `${code}\0,co2,2026-11-21T06:01:00Z,2`,
      `${code},co\0,2026-11-21T06:02:00Z,3`,
      `${code},co2,2026-11-21T06:03:00Z,4x`,
      `${code},co2,2026-13-01T00:00:00Z,5`,
      `${code},co2,2026-11-21T06:05:00Z,\0`,
      `${code},co2,2026-11-21T06:06:00\0Z,7`,
      `${code},co2,2026-11-21T06:07:00Z,8`,
    ].join('\n');
    const response = await post('/api/v1/ingest/measurements', csv, { 'content-type': 'text/csv' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: 6,
      errors: [
        { row: 2, reason: 'modelCode must not contain a NUL character' },
        { row: 3, reason: 'tag must not contain a NUL character' },
        { row: 4, reason: "value is not a finite number: '4x'" },
        { row: 5, reason: "unparseable timestamp '2026-13-01T00:00:00Z'" },
        { row: 6, reason: "value is not a finite number: '?'" },
        { row: 7, reason: "unparseable timestamp '2026-11-21T06:06:00?Z'" },
      ],
    });
    const stored = await ctx.db
      .selectFrom('measurements as m')
      .innerJoin('series as s', 's.id', 'm.series_id')
      .select('m.value')
      .where('s.model_id', '=', transformer.id)
      .where('s.tag', '=', 'co2')
      .where('m.ts', '>=', new Date('2026-11-21T06:00:00Z'))
      .orderBy('m.ts')
      .execute();
    expect(stored.map((row) => row.value)).toEqual([1, 8]);
  });

  it('refuses a NUL in a JSON row on that row, as in CSV', async () => {
    const response = await post(
      '/api/v1/ingest/measurements',
      body([
        { tag: 'co2', ts: '2026-11-21T07:00:00Z', value: 1 },
        { tag: 'co2\0', ts: '2026-11-21T07:01:00Z', value: 2 },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 1,
      errors: [{ row: 2, reason: 'tag must not contain a NUL character' }],
    });
    const poisonedModel = await post('/api/v1/ingest/measurements', {
      modelCode: `${transformer.code}\0`,
      points: [{ tag: 'co2', ts: '2026-11-21T07:02:00Z', value: 1 }],
    });
    expect(poisonedModel.statusCode).toBe(200);
    expect(poisonedModel.json().errors).toEqual([
      { row: 1, reason: 'modelCode must not contain a NUL character' },
    ]);
  });

  it('creates partitions only for the months that hold points', async () => {
    const partitions = async () =>
      (
        await sql<{ name: string }>`SELECT relname AS name FROM pg_class
          WHERE relkind = 'r' AND relname LIKE 'measurements_2017_%' ORDER BY relname`.execute(ctx.db)
      ).rows.map((row) => row.name);
    expect(await partitions()).toEqual([]);
    const response = await post(
      '/api/v1/ingest/measurements',
      body([
        { tag: 'co', ts: '2017-03-10T00:00:00Z', value: 1 },
        { tag: 'co', ts: '2017-09-10T00:00:00Z', value: 2 },
      ]),
    );
    expect(response.json()).toMatchObject({ accepted: 2 });
    expect(await partitions()).toEqual(['measurements_2017_03', 'measurements_2017_09']);
  });

  it('takes CSV, gzip-compressed, and reports unknown models per row', async () => {
    const csv = [
      'modelCode,tag,ts,value',
      `${transformer.code},c2h2,2026-11-21T01:00:00Z,0.5`,
      `${transformer.code},"c2h4",2026-11-21T01:00:00Z,7`,
      'NOPE-TR1,h2,2026-11-21T01:00:00Z,1',
    ].join('\n');
    const response = await post('/api/v1/ingest/measurements', gzipSync(csv), {
      'content-type': 'text/csv',
      'content-encoding': 'gzip',
    });
    expect(response.json()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: 1,
      errors: [{ row: 3, reason: 'unknown model NOPE-TR1' }],
    });
  });

  it('refuses a wrong key with 401; to a key of another company the model is unknown, and nothing is written', async () => {
    const before = await count(transformer.id);
    const points = body([{ tag: 'h2', ts: '2026-11-21T02:00:00Z', value: 1 }]);
    expect((await post('/api/v1/ingest/measurements', points, {}, 'sdp_nope_nope')).statusCode).toBe(401);
    expect((await post('/api/v1/ingest/measurements', points, {}, null)).statusCode).toBe(401);
    const foreign = await post('/api/v1/ingest/measurements', points, {}, otherKey);
    expect(foreign.json()).toMatchObject({
      accepted: 0,
      rejected: 1,
      errors: [{ row: 1, reason: `unknown model ${transformer.code}` }],
    });
    expect(await count(transformer.id)).toBe(before);
  });

  it('refuses unsupported content, oversized bodies and too many points', async () => {
    expect(
      (await post('/api/v1/ingest/measurements', '<points/>', { 'content-type': 'application/xml' }))
        .statusCode,
    ).toBe(415);
    expect(
      (
        await post('/api/v1/ingest/measurements', 'x', {
          'content-type': 'text/csv',
          'content-encoding': 'br',
        })
      ).statusCode,
    ).toBe(415);
    const huge = `modelCode,tag,ts,value\n${`${transformer.code},h2,2026-11-21T00:00:00Z,1\n`.repeat(120_000)}`;
    expect((await post('/api/v1/ingest/measurements', huge, { 'content-type': 'text/csv' })).statusCode).toBe(
      413,
    );
    const many = Array.from({ length: 100_001 }, (_, i) => ({ tag: 'h2', ts: i, value: 1 }));
    const tooMany = await post('/api/v1/ingest/measurements', gzipSync(JSON.stringify(body(many))), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ detail: 'At most 100000 points per request.' });
    expect(
      (await post('/api/v1/ingest/measurements', '{"modelCode":', { 'content-type': 'application/json' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /api/v1/ingest/waveforms', () => {
  const samples = Float32Array.from({ length: 1024 }, (_, i) => Math.sin((2 * Math.PI * 50 * i) / 1024));
  const query = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      modelCode: rvs.code,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'x',
      sampleRate: '1024',
      capturedAt: '2026-11-21T03:00:00Z',
      unit: 'm/s2',
      fileName: 'S1_x_0300.bin',
      alias: 'S1 H 03:00',
      ...overrides,
    }).toString();

  it('stores a binary float32 waveform once', async () => {
    const body = Buffer.from(samples.buffer);
    const first = await post(`/api/v1/ingest/waveforms?${query()}`, body, {
      'content-type': 'application/octet-stream',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ duplicate: false, samples: 1024 });
    expect([...parseServerTiming(first.headers['server-timing'] as string).keys()]).toEqual(
      // The capture's INSERT commits on its own ('write'); its analysis job is sent after it ('jobs').
      expect.arrayContaining(['receive', 'admission', 'validate', 'convert', 'write', 'jobs']),
    );
    const again = await post(`/api/v1/ingest/waveforms?${query()}`, body, {
      'content-type': 'application/octet-stream',
    });
    expect(again.json()).toMatchObject({ id: first.json().id, duplicate: true });
    const row = await ctx.db
      .selectFrom('waveforms')
      .select(['samples', 'length', 'alias'])
      .where('id', '=', first.json().id)
      .executeTakeFirstOrThrow();
    expect(row.length).toBe(1024);
    expect(new Float32Array(new Uint8Array(row.samples).buffer)[256]).toBeCloseTo(samples[256] as number, 6);
    // Stored byte for byte as sent.
    expect(Buffer.compare(Buffer.from(row.samples), body)).toBe(0);
  });

  it('takes JSON samples too', async () => {
    const response = await post('/api/v1/ingest/waveforms', {
      modelCode: rvs.code,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'y',
      sampleRate: 1024,
      capturedAt: '2026-11-21T03:00:00Z',
      unit: 'm/s2',
      fileName: 'S1_y.json',
      samples: [...samples],
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a capture dated beyond the tolerance, before 2000 or on an impossible day, naming capturedAt', async () => {
    const body = Buffer.from(samples.buffer);
    const send = (overrides: Record<string, string>) =>
      post(`/api/v1/ingest/waveforms?${query(overrides)}`, body, {
        'content-type': 'application/octet-stream',
      });
    const future = await send({ capturedAt: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({
      detail: "capturedAt: timestamp is more than 300 s ahead of the server's clock.",
    });
    const ancient = await send({ capturedAt: '1999-12-31T23:59:59Z' });
    expect(ancient.json()).toEqual({ detail: 'capturedAt: timestamp is before 2000-01-01.' });
    const impossible = await send({ capturedAt: '2026-02-30T00:00:00Z' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().detail).toMatch(/^querystring\.capturedAt: /);
  });

  it('refuses a sample rate below 1 Hz or above 1 MHz, naming sampleRate', async () => {
    const body = Buffer.from(samples.buffer);
    for (const sampleRate of ['0.5', '0', '-1', '2000000', 'fast']) {
      const response = await post(`/api/v1/ingest/waveforms?${query({ sampleRate })}`, body, {
        'content-type': 'application/octet-stream',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^querystring\.sampleRate: /);
    }
    const json = await post('/api/v1/ingest/waveforms', {
      modelCode: rvs.code,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'z',
      sampleRate: 0.5,
      capturedAt: '2026-11-21T03:00:00Z',
      unit: 'm/s2',
      fileName: 'S1_z.json',
      samples: [...samples],
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toContain('sampleRate');
  });

  it('refuses a length that disagrees with the header, an unknown axis and a truncated body', async () => {
    const body = Buffer.from(samples.buffer);
    const wrongLength = await post(
      `/api/v1/ingest/waveforms?${query({ length: '2048', capturedAt: '2026-11-21T04:00:00Z' })}`,
      body,
      { 'content-type': 'application/octet-stream' },
    );
    expect(wrongLength.json()).toEqual({
      detail: 'The header announces 2048 samples but the body holds 1024.',
    });
    const axis = await post(`/api/v1/ingest/waveforms?${query({ channel: 'w' })}`, body, {
      'content-type': 'application/octet-stream',
    });
    expect(axis.statusCode).toBe(400);
    const phase = await post(`/api/v1/ingest/waveforms?${query({ channel: 'a' })}`, body, {
      'content-type': 'application/octet-stream',
    });
    expect(phase.json().detail).toContain('axis x, y or z');
    const truncated = await post(
      `/api/v1/ingest/waveforms?${query({ capturedAt: '2026-11-21T05:00:00Z' })}`,
      body.subarray(0, 1023),
      { 'content-type': 'application/octet-stream' },
    );
    expect(truncated.json().detail).toContain('multiple of 4 bytes');
    expect(
      await ctx.db
        .selectFrom('waveforms')
        .select('id')
        .where('captured_at', '>=', new Date('2026-11-21T04:00:00Z'))
        .execute(),
    ).toEqual([]);
  });
});
