import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { iso10816Zone, STANDARD_GRAVITY } from '@sdp/analytics';
import { DEMO_SEED, demoPlant, modelSimulator } from '@sdp/simulator';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { createComputePool } from '../../lib/worker-pool.ts';
import { acceptedUnits, differentiate, toStoredUnit, toStoredUnitOffLoop } from './units.ts';

const FS = 8192;
const N = 8192;
/**
 * A pump's acceleration as sine lines (m/s² peak): 100 Hz running speed at 3.11 m/s² (velocity 4.95 mm/s peak,
 * 3.50 mm/s RMS: ISO 10816-3 group 2 rigid zone C) and a 2 kHz structural resonance modulated at 37 Hz (the
 * envelope's bearing line). The same motion in velocity and displacement is its exact integral, line by line.
 */
const LINES = [
  { amplitude: 3.11, hz: 100, phase: 0.4 },
  { amplitude: 0.8, hz: 2000, phase: 0 },
  { amplitude: 0.2, hz: 2037, phase: 0 },
  { amplitude: -0.2, hz: 1963, phase: 0 },
];
const sampled = (value: (t: number) => number) => Float32Array.from({ length: N }, (_, i) => value(i / FS));
const acceleration = sampled((t) =>
  LINES.reduce((sum, l) => sum + l.amplitude * Math.sin(2 * Math.PI * l.hz * t + l.phase), 0),
);
const velocityMmS = sampled((t) =>
  LINES.reduce(
    (sum, l) =>
      sum - ((1000 * l.amplitude) / (2 * Math.PI * l.hz)) * Math.cos(2 * Math.PI * l.hz * t + l.phase),
    0,
  ),
);
const displacementUm = sampled((t) =>
  LINES.reduce(
    (sum, l) =>
      sum - ((1e6 * l.amplitude) / (2 * Math.PI * l.hz) ** 2) * Math.sin(2 * Math.PI * l.hz * t + l.phase),
    0,
  ),
);
const rms = (x: ArrayLike<number>) => Math.sqrt(Array.from(x).reduce((s, v) => s + v * v, 0) / x.length);

describe('toStoredUnit', () => {
  it('scales g to m/s² and differentiates velocity and displacement to the same acceleration', () => {
    const g = Float32Array.from(acceleration, (v) => v / STANDARD_GRAVITY);
    const fromG = toStoredUnit('vibration', 'g', g, FS);
    for (const i of [0, 100, 4000, N - 1]) expect(fromG[i]).toBeCloseTo(acceleration[i] as number, 5);
    for (const [unit, samples] of [
      ['mm/s', velocityMmS],
      ['in/s', Float32Array.from(velocityMmS, (v) => v / 25.4)],
      ['um', displacementUm],
      ['µm', displacementUm],
    ] as const) {
      const converted = toStoredUnit('vibration', unit, samples, FS);
      // Away from the record's ends the derivative is the acceleration itself, sample by sample.
      let worst = 0;
      for (let i = 200; i < N - 200; i++)
        worst = Math.max(worst, Math.abs((converted[i] as number) - (acceleration[i] as number)));
      expect(worst, unit).toBeLessThan(0.01);
      expect(Math.abs(rms(converted) / rms(acceleration) - 1), unit).toBeLessThan(0.01);
    }
    expect(toStoredUnit('current', 'A', g, FS)).toBe(g);
  });

  it('differentiates on a compute thread as on this one, and refuses there too', async () => {
    const compute = createComputePool(1);
    try {
      const off = await toStoredUnitOffLoop('vibration', 'mm/s', velocityMmS, FS, compute);
      expect(Array.from(off)).toEqual(Array.from(toStoredUnit('vibration', 'mm/s', velocityMmS, FS)));
      await expect(toStoredUnitOffLoop('voltage', 'kV', velocityMmS, FS, compute)).rejects.toThrow(
        "unit: 'kV' is not accepted for a voltage waveform; send one of V.",
      );
    } finally {
      await compute.close();
    }
  });

  it('takes the derivative of a line as its slope', () => {
    const ramp = Float64Array.from({ length: 1000 }, (_, i) => 2 + (3 * i) / 1000);
    const derivative = differentiate(ramp, 1000, 1);
    expect(Math.max(...derivative.map((v) => Math.abs(v - 3)))).toBeLessThan(1e-9);
  });

  it('accepts the unit of every waveform the demo plant simulator sends', () => {
    const sent = demoPlant.models.flatMap((model) =>
      modelSimulator(model, {
        seed: DEMO_SEED,
        origin: Date.UTC(2026, 0, 1),
        utcOffsetHours: 7,
      }).waveforms.map((channel) => [channel.kind, channel.unit] as const),
    );
    expect(new Set(sent.map(([kind]) => kind))).toEqual(new Set(['vibration', 'current', 'voltage', 'pd']));
    for (const [kind, unit] of sent) expect(acceptedUnits(kind), `${kind} ${unit}`).toContain(unit);
  });

  it('refuses another unit with a 400 naming the accepted ones', () => {
    expect(() => toStoredUnit('vibration', 'mm/s2', acceleration, FS)).toThrow(
      "unit: 'mm/s2' is not accepted for a vibration waveform; send one of g, m/s2, m/s², mm/s, in/s, um, µm.",
    );
    expect(acceptedUnits('current')).toEqual(['A']);
    expect(acceptedUnits('voltage')).toEqual(['V']);
  });
});

let ctx: TestContext;
let key: string;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { workers: true });
  const tenants = await seedTenants(ctx.db);
  companyId = tenants.companyId;
  key = await createIngestKey(ctx.app, companyId);
});
afterAll(() => ctx.close());

const capturedAt = '2026-11-21T06:00:00Z';
const send = (
  modelCode: string,
  unit: string,
  samples: Float32Array,
  overrides: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/ingest/waveforms?${new URLSearchParams({
      modelCode,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'x',
      sampleRate: String(FS),
      capturedAt,
      unit,
      fileName: `S1_x_${unit.replace('/', '_')}.f32`,
      ...overrides,
    })}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength),
  });

describe('a capture in any accepted unit', () => {
  it('gives the analysis results of the same capture in m/s²: overall values, ISO 10816 zone, status', async () => {
    await ctx.db.updateTable('companies').set({ retention_days: 3650 }).where('id', '=', companyId).execute();
    const captures = [
      ['m/s2', acceleration],
      ['g', Float32Array.from(acceleration, (v) => v / STANDARD_GRAVITY)],
      ['mm/s', velocityMmS],
      ['µm', displacementUm],
    ] as const;
    const models: { id: string; code: string; unit: string }[] = [];
    for (const [unit, samples] of captures) {
      const tag = await seedEquipment(ctx.db, companyId, `U-${models.length}`);
      const model = await createModel(ctx.app, tag, 5, {
        raw_vibration_sensor_in: [
          {
            sensorId: 'S1',
            sensorName: 'Pump DE',
            machine: 'driven',
            limits: [{ type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 }],
          },
        ],
        alarm_management: { persistence_from: 1, persistence_to: 1 },
      });
      const response = await send(model.code, unit, samples);
      expect(response.statusCode, unit).toBe(200);
      models.push({ ...model, unit });
    }
    const features = async (modelId: string) =>
      Object.fromEntries(
        (
          await ctx.db
            .selectFrom('series as s')
            .leftJoin('series_latest as l', 'l.series_id', 's.id')
            .select(['s.tag', 'l.last_value'])
            .where('s.model_id', '=', modelId)
            .where('s.source', '=', 'feature')
            .execute()
        ).map((row) => [row.tag, row.last_value]),
      );
    for (const model of models)
      await expect
        .poll(async () => Object.values(await features(model.id)).filter((v) => v !== null).length, {
          timeout: 30_000,
        })
        .toBe(3);
    const [reference, ...others] = await Promise.all(models.map((model) => features(model.id)));
    const velocity = reference?.['S1.velocity.x'] as number;
    expect(Math.abs(velocity - 3.5) / 3.5).toBeLessThan(0.02);
    expect(reference?.['S1.acceleration.x']).toBeCloseTo(rms(acceleration), 3);
    expect(iso10816Zone(velocity, 2, 'rigid')).toBe('C');
    // g: the same float32 samples within their rounding; velocity and displacement within 1 % (their derivative).
    const [fromG, ...integrals] = others;
    for (const tag of ['S1.acceleration.x', 'S1.velocity.x', 'S1.envelope.x'])
      expect(fromG?.[tag], tag).toBeCloseTo(reference?.[tag] as number, 4);
    for (const [i, sent] of integrals.entries())
      for (const tag of ['S1.acceleration.x', 'S1.velocity.x', 'S1.envelope.x'])
        expect(
          Math.abs((sent[tag] as number) / (reference?.[tag] as number) - 1),
          `${models[i + 2]?.unit} ${tag}`,
        ).toBeLessThan(0.01);
    for (const sent of others) expect(iso10816Zone(sent['S1.velocity.x'] as number, 2, 'rigid')).toBe('C');
    // Zone C is the warning of the model's limits: every model is in warning, with one fault event on velocity.
    for (const model of models) {
      await expect
        .poll(
          async () =>
            (
              await ctx.db
                .selectFrom('equipment_models')
                .select('status')
                .where('id', '=', model.id)
                .executeTakeFirstOrThrow()
            ).status,
          { timeout: 20_000 },
        )
        .toBe(1);
      const events = await ctx.db
        .selectFrom('fault_events')
        .select(['tag', 'alarm_type'])
        .where('model_id', '=', model.id)
        .execute();
      expect(events, model.unit).toEqual([{ tag: 'S1.velocity.x', alarm_type: 1 }]);
    }
    // Stored once, converted: every capture reads as m/s².
    const stored = await ctx.db
      .selectFrom('waveforms')
      .select(['unit', 'samples'])
      .where(
        'model_id',
        'in',
        models.map((model) => model.id),
      )
      .execute();
    expect(stored.map((row) => row.unit)).toEqual(['m/s²', 'm/s²', 'm/s²', 'm/s²']);
  });

  it('answers 400 naming the accepted units for any other unit, binary or JSON, and stores nothing', async () => {
    const model = await createModel(ctx.app, await seedEquipment(ctx.db, companyId, 'U-bad'), 5);
    const binary = await send(model.code, 'furlong/s', acceleration);
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toEqual({
      detail:
        "unit: 'furlong/s' is not accepted for a vibration waveform; send one of g, m/s2, m/s², mm/s, in/s, um, µm.",
    });
    const current = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/waveforms',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        modelCode: model.code,
        sensor: 'M1',
        kind: 'current',
        channel: 'a',
        sampleRate: 5000,
        capturedAt,
        unit: 'g',
        fileName: 'M1_a.json',
        samples: Array.from({ length: 64 }, (_, i) => Math.sin(i / 3)),
      },
    });
    expect(current.statusCode).toBe(400);
    expect(current.json()).toEqual({
      detail: "unit: 'g' is not accepted for a current waveform; send one of A.",
    });
    expect(
      await ctx.db.selectFrom('waveforms').select('id').where('model_id', '=', model.id).execute(),
    ).toEqual([]);
  });
});

describe('migration 0032_waveform_units', () => {
  it('maps captures stored before: g scaled to m/s², kV to V, spellings renamed', async () => {
    const model = await createModel(ctx.app, await seedEquipment(ctx.db, companyId, 'U-old'), 5);
    const values = Float32Array.from([1, -0.5, 0.25, 3.4e-39, 0, -2.5e10, 1.17549435e-38, 123.456]);
    const bytes = Buffer.from(values.buffer);
    const rows = [
      ['vibration', 'x', 'g'],
      ['vibration', 'y', 'm/s^2'],
      ['voltage', 'a', 'kV'],
      ['current', 'a', 'amps'],
    ] as const;
    for (const [kind, channel, unit] of rows)
      await sql`INSERT INTO waveforms (model_id, sensor, kind, channel, sample_rate, captured_at, unit, file_name, length, samples)
        VALUES (${model.id}, ${kind}, ${kind}, ${channel}, 1000, now() - interval '1 day', ${unit}, ${unit}, ${values.length}, ${bytes})`.execute(
        ctx.db,
      );
    const migration = await readFile(
      path.join(import.meta.dirname, '../../db/migrations/0032_waveform_units.sql'),
      'utf8',
    );
    // Run as migrate.ts runs it: one transaction on its own connection.
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(migration);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const stored = await ctx.db
      .selectFrom('waveforms')
      .select(['kind', 'channel', 'unit', 'samples'])
      .where('model_id', '=', model.id)
      .orderBy('file_name')
      .execute();
    const read = (row: { samples: Buffer }) =>
      Array.from(new Float32Array(new Uint8Array(row.samples).buffer));
    const of = (kind: string, channel: string) =>
      stored.find((row) => row.kind === kind && row.channel === channel) as (typeof stored)[number];
    const scaled = (factor: number) => Array.from(values, (v) => Math.fround(v * factor));
    expect(of('vibration', 'x').unit).toBe('m/s²');
    expect(read(of('vibration', 'x'))).toEqual(scaled(STANDARD_GRAVITY));
    expect(of('vibration', 'y').unit).toBe('m/s²');
    expect(read(of('vibration', 'y'))).toEqual(Array.from(values));
    expect(of('voltage', 'a').unit).toBe('V');
    expect(read(of('voltage', 'a'))).toEqual(scaled(1000));
    expect(of('current', 'a').unit).toBe('A');
  });

  it('leaves velocity to the maintain job, which differentiates it to m/s² as new captures are', async () => {
    const model = await createModel(ctx.app, await seedEquipment(ctx.db, companyId, 'U-velocity'), 5);
    const bytes = Buffer.from(velocityMmS.buffer);
    await sql`INSERT INTO waveforms (model_id, sensor, kind, channel, sample_rate, captured_at, unit, file_name, length, samples)
      VALUES (${model.id}, 'S1', 'vibration', 'x', ${FS}, now() - interval '1 day', 'mm/s', 'old.f32', ${N}, ${bytes})`.execute(
      ctx.db,
    );
    await ctx.services.analysis.maintain();
    const row = await ctx.db
      .selectFrom('waveforms')
      .select(['unit', 'samples'])
      .where('model_id', '=', model.id)
      .executeTakeFirstOrThrow();
    expect(row.unit).toBe('m/s²');
    const stored = new Float32Array(new Uint8Array(row.samples).buffer);
    for (const i of [500, 4096, 7000]) expect(stored[i]).toBeCloseTo(acceleration[i] as number, 2);
  });
});
