import { overallFeatures } from '@sdp/analytics';
import type { AlarmPrecision, EventDiagnosis } from '@sdp/contracts';
import {
  DAY_MS,
  DEMO_SEED,
  demoPlant,
  historyBatches,
  MODEL_TYPE,
  modelSimulator,
  PUMP_SPEED_RPM,
  PUMP_TRAIN_BEARINGS,
  pumpSensorIds,
  pushBatch,
  sensorType,
} from '@sdp/simulator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../test/plant.ts';
import { diagnoseCapture, worstScores } from '../modules/analysis/capture-diagnosis.ts';
import { closeDemoHistory } from './demo-outcomes.ts';

/**
 * One story per machine (issue 26 item 3): the demo pump P101's drive-end bearing must not stand above the
 * failure-mode alarm line for weeks while its status (the acceleration RMS against its limits) reads normal. The
 * demo history's daily captures, as the simulator pushes them, go through the same diagnosis as the RVS Failure
 * History (diagnoseCapture with the sensor's bearing and running speed, the worst of its three axes) and the same
 * acceleration limits as the status.
 */
const ORIGIN = Date.UTC(2026, 7, 29);
const model = demoPlant.models.find((candidate) => candidate.code === 'P101-RVS1')!;
const fault = model.fault!;
const simulator = modelSimulator(model, { seed: DEMO_SEED, origin: ORIGIN, utcOffsetHours: 7 });
const limit = sensorType(MODEL_TYPE.rvs, 'acceleration');
const [motorEnd, pumpEnd] = pumpSensorIds('P101');

interface Day {
  day: number;
  /** Worst acceleration RMS of the pump-end axes, m/s². */
  rms: number;
  /** Bearing verdict of the pump end and of the motor end (0 normal, 1 warning, 2 alarm) and its dB. */
  bearing: number;
  bearingDb: number;
  motorBearing: number;
}

const days: Day[] = [];
for (let day = fault.onsetDay - 5; day <= 92; day++) {
  const capture = simulator.capture(ORIGIN + (day + 0.5) * DAY_MS);
  const axesOf = (sensor: string) =>
    simulator.waveforms.flatMap((channel, i) => (channel.sensor === sensor ? [capture[i]!] : []));
  const bearingOf = (sensor: string) =>
    worstScores(
      axesOf(sensor).map((samples) =>
        diagnoseCapture(samples, 25_600, {
          shaftHz: PUMP_SPEED_RPM / 60,
          bearing: sensor === pumpEnd ? PUMP_TRAIN_BEARINGS.pump : PUMP_TRAIN_BEARINGS.motor,
          gearTeeth: null,
          vanes: null,
        }),
      ),
    ).find((score) => score.mode === 'bearing')!;
  const pump = bearingOf(pumpEnd);
  days.push({
    day,
    rms: Math.max(...axesOf(pumpEnd).map((samples) => overallFeatures(samples).rms)),
    bearing: pump.status,
    bearingDb: pump.indicator,
    motorBearing: bearingOf(motorEnd).status,
  });
}
const first = (test: (row: Day) => boolean) => days.find(test)?.day ?? Number.POSITIVE_INFINITY;

describe('the demo pump P101 tells one story (issue 26 item 3)', () => {
  it('keeps the bearing verdict normal while the acceleration is far from its warning limit', () => {
    const early = days.filter((row) => row.day < fault.warningDay - 10);
    expect(early.length).toBeGreaterThan(20);
    for (const row of early) {
      expect(row.bearing, `day ${row.day}: ${row.bearingDb.toFixed(1)} dB`).toBe(0);
      expect(row.bearingDb, `day ${row.day}`).toBeLessThan(20);
    }
  });

  it('crosses the bearing warning and alarm lines within days of the status turning warning and alarm', () => {
    const statusWarning = first((row) => row.rms >= limit.warning);
    const statusAlarm = first((row) => row.rms >= limit.alarm);
    const bearingWarning = first((row) => row.bearing >= 1);
    const bearingAlarm = first((row) => row.bearing >= 2);
    expect(Math.abs(statusWarning - fault.warningDay)).toBeLessThanOrEqual(4);
    expect(Math.abs(statusAlarm - fault.alarmDay)).toBeLessThanOrEqual(4);
    expect(
      Math.abs(bearingWarning - statusWarning),
      `bearing warning on day ${bearingWarning}`,
    ).toBeLessThanOrEqual(8);
    expect(Math.abs(bearingAlarm - statusAlarm), `bearing alarm on day ${bearingAlarm}`).toBeLessThanOrEqual(
      8,
    );
    // Once in alarm, the status and the diagnosis agree: an outer-race defect in alarm at the end of the history.
    expect(days.filter((row) => row.day >= fault.alarmDay + 2).every((row) => row.bearing === 2)).toBe(true);
  });

  it('never finds a bearing defect on the sound motor end', () => {
    expect(days.every((row) => row.motorBearing === 0)).toBe(true);
  });
});

/**
 * Repeats on first start (issue 26 item 6): TX1's online DGA readings swing a few per cent a day with the oil's
 * temperature, so while its C2H4 grows through the alarm limit and its TDCG through the warning limit each crosses
 * once a day for a few days before it stays above. Its history, pushed through the ingest API as the demo pushes it
 * (the 90 days up to now, every two hours), then closed as the demo closes it on first start (events older than a
 * week), leaves open events counted once per crossing (×N, the last value and time), not one event a day.
 */
describe('the demo transformer TX1 opens with open events counted several times (issue 26 item 6)', () => {
  let ctx: TestContext;
  let tx: { id: string; code: string };
  let owner: string;
  const interval = 2 * 3_600_000;
  const now = Math.floor(Date.now() / interval) * interval;
  const txOrigin = now - 90 * DAY_MS;
  const txModel = demoPlant.models.find((candidate) => candidate.code === 'TX1-TR1')!;
  const txSimulator = modelSimulator(txModel, { seed: DEMO_SEED, origin: txOrigin, utcOffsetHours: 7 });

  beforeAll(async () => {
    // The workers run the analysis that opens and counts the events, as a ROLE=all server does.
    ctx = await createTestContext({}, { workers: true });
    const tenants = await seedTenants(ctx.db);
    const key = await createIngestKey(ctx.app, tenants.companyId);
    owner = await signIn(ctx.app, 'owner@acme.test');
    const { model_in: _modelIn, ...sections } = txModel.create;
    tx = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'TX1'), 1, sections);
    const points = [];
    for (let t = txOrigin + interval; t <= now; t += interval)
      for (const [tag, value] of Object.entries(txSimulator.sample(t))) points.push({ tag, ts: t, value });
    for (let i = 0; i < points.length; i += 20_000) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/measurements',
        headers: { authorization: `Bearer ${key}` },
        payload: { modelCode: tx.code, points: points.slice(i, i + 20_000) },
      });
      if (response.statusCode >= 300) throw new Error(response.body);
    }
    for (let waited = 0; waited < 120_000; waited += 250) {
      const { rows } = await sql<{
        queued: number;
      }>`SELECT count(*)::int AS queued FROM measurement_arrivals a
        JOIN series s ON s.id = a.series_id WHERE s.model_id = ${tx.id}`.execute(ctx.db);
      if (rows[0]?.queued === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await closeDemoHistory(ctx.db, tenants.companyId, 'owner@acme.test');
  }, 180_000);
  afterAll(() => ctx?.close());

  it('counts the daily crossings of C2H4 (alarm) and TDCG (warning) on open events, with the last value and time', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/fault-event/${tx.id}?month=0&year=0`,
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(200);
    const open = (
      response.json() as {
        new_alarm: {
          alarmType: number;
          tag: string;
          eventDate: string;
          occurrences: number;
          lastValue: number | null;
          lastAt: string | null;
        }[];
      }
    ).new_alarm;
    for (const [tag, level, limit] of [
      ['c2h4', 2, 100],
      ['tdcg', 1, 720],
    ] as const) {
      const events = open.filter((event) => event.tag === tag && event.alarmType === level);
      expect(events, `${tag} level ${level}`).toHaveLength(1);
      const event = events[0]!;
      expect(event.occurrences, tag).toBeGreaterThanOrEqual(2);
      expect(event.lastValue, tag).toBeGreaterThanOrEqual(limit);
      const lastAt = Date.parse(event.lastAt!);
      expect(lastAt).toBeGreaterThan(Date.parse(event.eventDate));
      expect(now - Date.parse(event.eventDate)).toBeLessThan(7 * DAY_MS);
    }
  });
});

/**
 * The alarm precision panel tells the pump's story too (issue 26): the demo closes settled history events with the
 * failure mode each event diagnosed, so a confirmed fault of P101 that the engine called an outer-race defect counts
 * as a bearing fault, never as the 'Unbalance' its velocity tag once implied. The pump's 90 days of history
 * (temperatures, batteries, the daily captures) go through the ingest API as the demo pushes them (pushBatch over
 * this app) and the workers evaluate them; then the bearing is replaced: eight days of a sound pump (the same
 * simulator at the start of its timeline) bring every tag back to normal, and the history is closed as the demo
 * closes it on first start.
 */
describe('the demo pump P101 closes its history with the failure modes its events diagnosed (issue 26)', () => {
  let ctx: TestContext;
  let p101: { id: string; code: string };
  let companyId: string;
  let owner: string;
  let closed: number;
  const now = Date.now();
  const repaired = now - 8 * DAY_MS;

  beforeAll(async () => {
    ctx = await createTestContext({}, { workers: true });
    const tenants = await seedTenants(ctx.db);
    companyId = tenants.companyId;
    const key = await createIngestKey(ctx.app, companyId);
    owner = await signIn(ctx.app, 'owner@acme.test');
    const { model_in: _modelIn, ...sections } = model.create;
    p101 = await createModel(
      ctx.app,
      await seedEquipment(ctx.db, companyId, 'P101'),
      MODEL_TYPE.rvs,
      sections,
    );
    if (p101.code !== model.code) throw new Error(`P101 was created as ${p101.code}`);
    const overApp: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const response = await ctx.app.inject({
        method: init?.method as 'POST',
        url: `${url.pathname}${url.search}`,
        headers: init?.headers as Record<string, string>,
        payload: init?.body instanceof Uint8Array ? Buffer.from(init.body) : (init?.body as string),
      });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    };
    const plant = { ...demoPlant, models: [model] };
    const faulty = historyBatches(plant, {
      from: repaired - 90 * DAY_MS,
      to: repaired,
      seed: DEMO_SEED,
      origin: repaired - 90 * DAY_MS,
    });
    const sound = historyBatches(plant, { from: repaired, to: now, seed: DEMO_SEED, origin: repaired });
    for (const item of [...faulty, ...sound]) await pushBatch('http://sdp.test', key, item, overApp);
    closed = await closeDemoHistory(ctx.db, companyId, 'owner@acme.test', { settleTimeoutMs: 240_000 });
  }, 420_000);
  afterAll(() => ctx?.close());

  it('records each confirmed fault as the failure mode of its own diagnosis, and the panel counts no unbalance', async () => {
    expect(closed).toBeGreaterThan(0);
    const { rows } = await sql<{
      tag: string;
      outcome: string;
      outcome_failure_mode: string | null;
      diagnosis: EventDiagnosis | null;
    }>`SELECT tag, outcome, outcome_failure_mode, diagnosis FROM fault_events
      WHERE model_id = ${p101.id} AND outcome IS NOT NULL ORDER BY event_date, id`.execute(ctx.db);
    expect(rows).toHaveLength(closed);
    const confirmed = rows.filter((row) => row.outcome === 'fault_confirmed');
    expect(confirmed.length).toBeGreaterThan(0);
    for (const row of confirmed)
      expect(row.outcome_failure_mode, `${row.tag}: diagnosed ${row.diagnosis?.mode}`).toBe(
        row.diagnosis?.mode.startsWith('bearing_') ? 'bearing' : 'other',
      );
    // The pump's defect is the drive-end bearing's outer race, and a confirmed fault says so.
    expect(confirmed.map((row) => row.diagnosis?.mode)).toContain('bearing_outer_race');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/fault-events/precision?company_id=${companyId}`,
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(200);
    const modes = (response.json() as AlarmPrecision).failureModes.map((row) => row.failureMode);
    expect(modes).toContain('bearing');
    expect(modes).not.toContain('unbalance');
  });
});
