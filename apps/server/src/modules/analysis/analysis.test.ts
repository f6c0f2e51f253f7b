import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let key: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { workers: true });
  tenants = await seedTenants(ctx.db);
  key = await createIngestKey(ctx.app, tenants.companyId);
});
afterAll(() => ctx.close());

const ingest = (modelCode: string, points: { tag: string; ts: number; value: number }[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: { modelCode, points },
  });
const modelStatus = async (id: string) =>
  (
    await ctx.db
      .selectFrom('equipment_models')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;
const events = (modelId: string) =>
  ctx.db
    .selectFrom('fault_events')
    .select([
      'tag',
      'alarm_type',
      'alarm_value',
      'warning_limit',
      'alarm_limit',
      'sensor_id',
      'alarm_message',
      'cause',
      'recommendation',
      'event_date',
    ])
    .where('model_id', '=', modelId)
    .orderBy('event_date')
    .execute();

const t0 = Date.parse('2026-11-21T00:00:00Z');
const minutes = (n: number) => t0 + n * 60_000;

describe('the analysis pipeline', () => {
  it('turns a persistent crossing into the right status and one fault event per rise', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'TR1');
    const model = await createModel(ctx.app, tag, 1, {
      alarm_management: { persistence_from: 3, persistence_to: 5 },
    });
    await ctx.db
      .insertInto('model_recommendations')
      .values({
        model_id: model.id,
        tag_code: 'h2',
        alarm_type: 1,
        message: 'Hydrogen rising',
        cause: 'Partial discharge',
        recommendation: 'Resample oil',
      })
      .execute();

    // Normal, two spikes (2 of the last 5: not yet persistent), a third value above warning makes 3 of 5,
    // then a sustained alarm.
    const h2 = [40, 45, 150, 50, 160, 48, 120, 130, 140, 150, 800, 820, 850, 900, 910, 920];
    const response = await ingest(
      model.code,
      h2.map((value, i) => ({ tag: 'h2', ts: minutes(i * 10), value })),
    );
    expect(response.json().accepted).toBe(h2.length);

    await expect.poll(() => modelStatus(model.id), { timeout: 20_000 }).toBe(2);
    const raised = await events(model.id);
    expect(raised.map((event) => [event.tag, event.alarm_type, event.alarm_value])).toEqual([
      ['h2', 1, 120],
      ['h2', 2, 850],
    ]);
    expect(raised[0]).toMatchObject({
      warning_limit: 100,
      alarm_limit: 700,
      sensor_id: 'h2',
      alarm_message: 'Hydrogen rising',
      cause: 'Partial discharge',
      recommendation: 'Resample oil',
    });
    expect(raised[0]?.event_date.toISOString()).toBe(new Date(minutes(60)).toISOString());
    expect(raised[1]?.alarm_message).toContain('Alarm: Hydrogen H2');

    // More samples above the alarm raise nothing new; the component shows the alarm.
    await ingest(
      model.code,
      [1, 2, 3].map((i) => ({ tag: 'h2', ts: minutes(200 + i), value: 990 })),
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await events(model.id)).toHaveLength(2);
    const components = await ctx.db
      .selectFrom('model_component_status')
      .select(['component', 'status'])
      .where('model_id', '=', model.id)
      .execute();
    expect(components).toContainEqual({ component: 'h', status: 2 });

    // The tree shows it at once.
    const cookie = await signIn(ctx.app, 'owner@acme.test');
    const tree = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/structure-item-company?company_id=${tenants.companyId}`,
        headers: { cookie },
      })
    ).json();
    expect(tree.status).toBe(2);
  });

  // Evaluated once the analysis has fed the series' points through its limits (its state's newest time).
  const evaluatedUpTo = async (modelId: string, tag: string) =>
    (
      await ctx.db
        .selectFrom('alarm_states as a')
        .innerJoin('series as s', 's.id', 'a.series_id')
        .select(sql<number | null>`(a.state->>'lastTs')::float8`.as('lastTs'))
        .where('s.model_id', '=', modelId)
        .where('s.tag', '=', tag)
        .executeTakeFirst()
    )?.lastTs ?? null;

  it('keeps evaluating after a point stamped ahead of the clock (within the tolerance)', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'TR4');
    const model = await createModel(ctx.app, tag, 1, {
      alarm_management: { persistence_from: 2, persistence_to: 3 },
    });
    const now = Date.now();
    // A gateway whose clock runs four minutes ahead sends one normal point…
    expect((await ingest(model.code, [{ tag: 'h2', ts: now + 4 * 60_000, value: 10 }])).json()).toMatchObject(
      {
        accepted: 1,
      },
    );
    await expect.poll(() => evaluatedUpTo(model.id, 'h2'), { timeout: 20_000 }).toBe(now + 4 * 60_000);
    // …then correct clocks send points above the alarm, all older than that one.
    const above = [800, 850, 900].map((value, i) => ({ tag: 'h2', ts: now + i * 1000, value }));
    expect((await ingest(model.code, above)).json()).toMatchObject({ accepted: 3 });
    await expect.poll(() => modelStatus(model.id), { timeout: 20_000 }).toBe(2);
    expect((await events(model.id)).map((event) => [event.alarm_type, event.alarm_value])).toEqual([
      [2, 850],
    ]);
  });

  it('raises a fault event for a late (backfilled) sequence that crosses the alarm limit', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'TR5');
    const model = await createModel(ctx.app, tag, 1, {
      alarm_management: { persistence_from: 2, persistence_to: 3 },
    });
    const now = Date.now();
    const recent = Array.from({ length: 5 }, (_, i) => ({
      tag: 'h2',
      ts: now - (5 - i) * 60_000,
      value: 10,
    }));
    await ingest(model.code, recent);
    await expect.poll(() => evaluatedUpTo(model.id, 'h2'), { timeout: 20_000 }).toBe(now - 60_000);
    expect(await events(model.id)).toEqual([]);
    // Yesterday's readings of a gateway that was offline arrive now: two of three above the alarm limit.
    const yesterday = now - 86_400_000;
    const late = [820, 30, 850].map((value, i) => ({ tag: 'h2', ts: yesterday + i * 60_000, value }));
    expect((await ingest(model.code, late)).json()).toMatchObject({ accepted: 3 });
    await expect.poll(async () => (await events(model.id)).length, { timeout: 20_000 }).toBe(1);
    const [event] = await events(model.id);
    expect(event).toMatchObject({ tag: 'h2', alarm_type: 2, alarm_value: 850 });
    expect(event?.event_date.toISOString()).toBe(new Date(yesterday + 2 * 60_000).toISOString());
    // Sent again (a retry), the late points are duplicates and are not evaluated twice.
    expect((await ingest(model.code, late)).json()).toMatchObject({ accepted: 0, duplicates: 3 });
    const queued = () =>
      ctx.db
        .selectFrom('measurement_arrivals as a')
        .innerJoin('series as s', 's.id', 'a.series_id')
        .select('a.id')
        .where('s.model_id', '=', model.id)
        .execute();
    await expect.poll(async () => (await queued()).length, { timeout: 20_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await events(model.id)).toHaveLength(1);
  });

  it('turns a silent model offline', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'TR2');
    const model = await createModel(ctx.app, tag, 1);
    await ingest(model.code, [{ tag: 'h2', ts: minutes(0), value: 10 }]);
    await expect.poll(() => modelStatus(model.id), { timeout: 20_000 }).toBe(0);
    await ctx.db
      .updateTable('equipment_models')
      .set({ expected_interval_seconds: 60, last_data_at: sql<Date>`now() - interval '10 minutes'` })
      .where('id', '=', model.id)
      .execute();
    await ctx.jobs.send('maintain', {});
    await expect.poll(() => modelStatus(model.id), { timeout: 20_000 }).toBe(-1);
  });

  it("deletes measurements older than the company's retention and keeps the rest", async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'TR3');
    const model = await createModel(ctx.app, tag, 1);
    const now = Date.now();
    await ingest(model.code, [
      { tag: 'co2', ts: now - 200 * 86_400_000, value: 1 },
      { tag: 'co2', ts: now - 10 * 86_400_000, value: 2 },
    ]);
    await ctx.db
      .updateTable('companies')
      .set({ retention_days: 90 })
      .where('id', '=', tenants.companyId)
      .execute();
    await ctx.services.analysis.applyRetention();
    const left = await ctx.db
      .selectFrom('measurements as m')
      .innerJoin('series as s', 's.id', 'm.series_id')
      .select('m.value')
      .where('s.model_id', '=', model.id)
      .execute();
    expect(left.map((row) => row.value)).toEqual([2]);
    await ctx.db
      .updateTable('companies')
      .set({ retention_days: 3650 })
      .where('id', '=', tenants.companyId)
      .execute();
  });

  it('computes overall vibration features from a stored waveform', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'P1');
    const model = await createModel(ctx.app, tag, 5, {
      raw_vibration_sensor_in: [
        {
          sensorId: 'S1',
          sensorName: 'Pump DE',
          machine: 'driven',
          limits: [{ type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 }],
        },
      ],
    });
    // 10 m/s² peak at 100 Hz: velocity amplitude 10 / (2π·100) m/s = 15.9 mm/s, RMS 11.25 mm/s.
    const fs = 8192;
    const samples = Float32Array.from(
      { length: 8192 },
      (_, i) => 10 * Math.sin((2 * Math.PI * 100 * i) / fs),
    );
    const query = new URLSearchParams({
      modelCode: model.code,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'x',
      sampleRate: String(fs),
      capturedAt: new Date(minutes(5)).toISOString(),
      unit: 'm/s2',
      fileName: 'S1_x.bin',
    });
    const stored = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/waveforms?${query}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(samples.buffer),
    });
    expect(stored.statusCode).toBe(200);
    // A second capture of the same axis, analysed in the same round: the same feature series twice in one batch.
    const later = new URLSearchParams({
      modelCode: model.code,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'x',
      sampleRate: String(fs),
      capturedAt: new Date(minutes(6)).toISOString(),
      unit: 'm/s2',
      fileName: 'S1_x_2.bin',
    });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/ingest/waveforms?${later}`,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
          payload: Buffer.from(samples.buffer),
        })
      ).statusCode,
    ).toBe(200);
    const feature = (tag: string) =>
      ctx.db
        .selectFrom('series as s')
        .leftJoin('series_latest as l', 'l.series_id', 's.id')
        .select(['l.last_value', 's.unit', 's.source'])
        .where('s.model_id', '=', model.id)
        .where('s.tag', '=', tag)
        .executeTakeFirst();
    await expect
      .poll(async () => (await feature('S1.velocity.x'))?.last_value ?? null, { timeout: 20_000 })
      .not.toBeNull();
    const velocity = await feature('S1.velocity.x');
    // Tolerance 2 %: the ISO band filter and the window of the integration leave a small ripple.
    expect(velocity?.last_value).toBeCloseTo(11.25, 0);
    expect(Math.abs((velocity?.last_value ?? 0) - 11.25) / 11.25).toBeLessThan(0.02);
    expect(velocity).toMatchObject({ unit: 'mm/s', source: 'feature' });
    expect((await feature('S1.acceleration.x'))?.last_value).toBeCloseTo(10 / Math.SQRT2, 2);
    // Two captures above the alarm make 2 out of 3 (the RVS default persistence): alarm, raised once.
    await expect.poll(() => modelStatus(model.id), { timeout: 20_000 }).toBe(2);
    expect((await events(model.id)).map((event) => [event.tag, event.alarm_type])).toEqual([
      ['S1.velocity.x', 2],
    ]);
  });

  it('analyses each of N captures of one model sent at once exactly once, in fewer jobs than captures', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'P2');
    const model = await createModel(ctx.app, tag, 5, {
      raw_vibration_sensor_in: [{ sensorId: 'S1', sensorName: 'Fan DE', machine: 'driven' }],
    });
    // Every time the analysis takes a capture (sets its analysed_at), a row: a capture taken twice shows twice.
    await sql`CREATE TABLE taken_captures (id uuid NOT NULL)`.execute(ctx.db);
    await sql`CREATE FUNCTION note_taken_capture() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO taken_captures VALUES (NEW.id); RETURN NEW; END $$`.execute(ctx.db);
    await sql`CREATE TRIGGER taken_capture AFTER UPDATE OF analysed_at ON waveforms FOR EACH ROW
      WHEN (NEW.analysed_at IS NOT NULL) EXECUTE FUNCTION note_taken_capture()`.execute(ctx.db);
    try {
      const fs = 8192;
      const N = 8;
      // Capture c: (c + 1) m/s² peak at 100 Hz, so its acceleration RMS is (c + 1)/√2.
      const responses = await Promise.all(
        Array.from({ length: N }, (_, c) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/v1/ingest/waveforms?${new URLSearchParams({
              modelCode: model.code,
              sensor: 'S1',
              kind: 'vibration',
              channel: 'x',
              sampleRate: String(fs),
              capturedAt: new Date(minutes(100 + c)).toISOString(),
              unit: 'm/s2',
              fileName: `S1_x_${c}.bin`,
            })}`,
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
            payload: Buffer.from(
              Float32Array.from({ length: 8192 }, (_, i) => (c + 1) * Math.sin((2 * Math.PI * 100 * i) / fs))
                .buffer,
            ),
          }),
        ),
      );
      expect(responses.map((response) => [response.statusCode, response.json().duplicate])).toEqual(
        Array.from({ length: N }, () => [200, false]),
      );
      const waiting = async () =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM waveforms
              WHERE model_id = ${model.id} AND analysed_at IS NULL`.execute(ctx.db)
          ).rows[0]?.n,
        );
      await expect.poll(waiting, { timeout: 20_000 }).toBe(0);
      const taken = await sql<{ file_name: string; times: string }>`SELECT w.file_name, count(t.id) AS times
        FROM waveforms w LEFT JOIN taken_captures t ON t.id = w.id WHERE w.model_id = ${model.id}
        GROUP BY w.file_name ORDER BY w.file_name`.execute(ctx.db);
      expect(taken.rows.map((row) => [row.file_name, Number(row.times)])).toEqual(
        Array.from({ length: N }, (_, c) => [`S1_x_${c}.bin`, 1]),
      );
      // Each capture's feature at its own time, with its own value.
      const points = await sql<{
        t: number;
        value: number;
      }>`SELECT (extract(epoch FROM m.ts) * 1000)::float8 AS t,
          m.value FROM measurements m JOIN series s ON s.id = m.series_id
        WHERE s.model_id = ${model.id} AND s.tag = 'S1.acceleration.x' ORDER BY m.ts`.execute(ctx.db);
      expect(points.rows.map((row) => row.t)).toEqual(Array.from({ length: N }, (_, c) => minutes(100 + c)));
      points.rows.forEach((row, c) => {
        expect(row.value).toBeCloseTo((c + 1) / Math.SQRT2, 3);
      });
      // One waiting job per model took the burst: fewer jobs than captures (the worker polls each second).
      const jobs = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job
        WHERE name = 'analyse' AND singleton_key = ${model.id}`.execute(ctx.db);
      expect(Number(jobs.rows[0]?.n)).toBeLessThan(N);
    } finally {
      await sql`DROP TRIGGER taken_capture ON waveforms`.execute(ctx.db);
      await sql`DROP FUNCTION note_taken_capture()`.execute(ctx.db);
      await sql`DROP TABLE taken_captures`.execute(ctx.db);
    }
  });

  it('stores points whose analysis job cannot be sent, and analyses them once the maintenance requeues it', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'TR9');
    const model = await createModel(ctx.app, tag, 1, {
      alarm_management: { persistence_from: 3, persistence_to: 5 },
    });
    // The queue refuses this model's job, as if it could not be reached after the batch committed.
    await sql`CREATE FUNCTION refuse_analysis_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'queue unavailable'; END $$`.execute(ctx.db);
    await sql`CREATE TRIGGER refuse_analysis_job BEFORE INSERT ON pgboss.job FOR EACH ROW
      WHEN (NEW.singleton_key = ${sql.lit(model.id)}) EXECUTE FUNCTION refuse_analysis_job()`.execute(ctx.db);
    let response: Awaited<ReturnType<typeof ingest>>;
    try {
      response = await ingest(
        model.code,
        [900, 910, 920, 930, 940].map((value, i) => ({ tag: 'h2', ts: minutes(300 + i), value })),
      );
    } finally {
      await sql`DROP TRIGGER refuse_analysis_job ON pgboss.job`.execute(ctx.db);
      await sql`DROP FUNCTION refuse_analysis_job()`.execute(ctx.db);
    }
    // Stored and said so: the points committed before the job was sent.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ accepted: 5, rejected: 0 });
    const queued = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM measurement_arrivals a JOIN series s ON s.id = a.series_id
            WHERE s.model_id = ${model.id}`.execute(ctx.db)
        ).rows[0]?.n,
      );
    const jobs = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job
      WHERE name = 'analyse' AND singleton_key = ${model.id}`.execute(ctx.db);
    expect(Number(jobs.rows[0]?.n)).toBe(0);
    expect(await queued()).toBeGreaterThan(0);
    expect(await modelStatus(model.id)).not.toBe(2);

    expect(await ctx.services.ingest.requeueUnanalysed()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => modelStatus(model.id), { timeout: 20_000 }).toBe(2);
    expect(await queued()).toBe(0);
    expect((await events(model.id)).map((event) => [event.tag, event.alarm_type])).toEqual([['h2', 2]]);
  });

  it('analyses a capture whose job was never sent once the maintenance requeues it', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'P3');
    const model = await createModel(ctx.app, tag, 5, {
      raw_vibration_sensor_in: [{ sensorId: 'S1', sensorName: 'Fan NDE', machine: 'driven' }],
    });
    // Stored, committed, and the process stopped before its job was sent: no job, analysed_at unset.
    const fs = 8192;
    const samples = Float32Array.from({ length: 8192 }, (_, i) => 4 * Math.sin((2 * Math.PI * 100 * i) / fs));
    await sql`INSERT INTO waveforms (model_id, sensor, kind, channel, sample_rate, captured_at, unit, file_name, alias,
        length, samples)
      VALUES (${model.id}, 'S1', 'vibration', 'x', ${fs}, ${new Date(minutes(200))}, 'm/s²', 'lost.bin', 'lost.bin',
        ${samples.length}, ${Buffer.from(samples.buffer)})`.execute(ctx.db);
    // The same on a model that is inactive: its analysis would take nothing, so no job is sent for it.
    const idle = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P4'), 5, {
      raw_vibration_sensor_in: [{ sensorId: 'S1', sensorName: 'Idle DE', machine: 'driven' }],
    });
    await ctx.db
      .updateTable('equipment_models')
      .set({ is_active: false })
      .where('id', '=', idle.id)
      .execute();
    await sql`INSERT INTO waveforms (model_id, sensor, kind, channel, sample_rate, captured_at, unit, file_name, alias,
        length, samples)
      VALUES (${idle.id}, 'S1', 'vibration', 'x', ${fs}, ${new Date(minutes(200))}, 'm/s²', 'idle.bin', 'idle.bin',
        ${samples.length}, ${Buffer.from(samples.buffer)})`.execute(ctx.db);
    expect(await ctx.services.ingest.requeueUnanalysed()).toBeGreaterThanOrEqual(1);
    const idleJobs = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job
      WHERE name = 'analyse' AND singleton_key = ${idle.id}`.execute(ctx.db);
    expect(Number(idleJobs.rows[0]?.n)).toBe(0);
    const capture = () =>
      ctx.db
        .selectFrom('waveforms')
        .select('analysed_at')
        .where('model_id', '=', model.id)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await capture()).analysed_at, { timeout: 20_000 }).not.toBeNull();
    const feature = await ctx.db
      .selectFrom('series as s')
      .leftJoin('series_latest as l', 'l.series_id', 's.id')
      .select('l.last_value')
      .where('s.model_id', '=', model.id)
      .where('s.tag', '=', 'S1.acceleration.x')
      .executeTakeFirst();
    expect(feature?.last_value).toBeCloseTo(4 / Math.SQRT2, 3);
  });
});
