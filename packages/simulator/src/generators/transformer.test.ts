import { compareLocus, duvalTriangle1, hotSpotTemperature, viLocus } from '@sdp/analytics';
import { describe, expect, it } from 'vitest';
import { MODEL_TYPE, SENSOR_TYPES } from '../master-data.ts';
import { firstDay, historyGrid, plantModel, sampledHistory, simulatorOf } from '../test-helpers.ts';
import { FAST_INTERVAL_MS, SLOW_INTERVAL_MS } from './model-simulator.ts';
import { HOUR_MS } from './timeline.ts';
import { TRANSFORMER_THERMAL } from './transformer.ts';

const faulty = simulatorOf('TX1-TR1');
const healthy = simulatorOf('TX2-TR1');
const faultyDga = sampledHistory(faulty, SLOW_INTERVAL_MS);

/** Status of a value against a sensor type's default limits (high or low direction). */
function status(tag: string, value: number): 0 | 1 | 2 {
  const sensor = SENSOR_TYPES.find(
    (type) => type.modelTypeId === MODEL_TYPE.transformer && type.tag === tag,
  )!;
  const beyond = (limit: number) => (sensor.direction === 'high' ? value >= limit : value <= limit);
  return beyond(sensor.alarm) ? 2 : beyond(sensor.warning) ? 1 : 0;
}

describe('transformer DGA', () => {
  it('starts the faulty unit outside T2 (in T1) and ends it in Duval zone T2', () => {
    const first = faultyDga[0]!;
    const last = faultyDga[faultyDga.length - 1]!;
    const start = duvalTriangle1({ ch4: first.ch4!, c2h4: first.c2h4!, c2h2: first.c2h2! });
    const end = duvalTriangle1({ ch4: last.ch4!, c2h4: last.c2h4!, c2h2: last.c2h2! });
    expect(start.zone).toBe('T1');
    expect(end.zone).toBe('T2');
    // T2 is 20 ≤ %C2H4 < 50 with %C2H2 < 4: well inside, not on an edge.
    expect(end.percentages.c2h4).toBeGreaterThan(30);
    expect(end.percentages.c2h2).toBeLessThan(1);
  });

  it('raises the faulty unit to warning around day 62 and alarm around day 84 on C2H4, TDCG growing', () => {
    const plan = plantModel('TX1-TR1').fault!;
    const statusOf = (row: Record<string, number>) =>
      Math.max(
        ...Object.entries(row).map(([tag, value]) => (tag === 'day' || tag === 't' ? 0 : status(tag, value))),
      );
    const warning = firstDay(faultyDga, (row) => statusOf(row) >= 1);
    const alarm = firstDay(faultyDga, (row) => statusOf(row) >= 2);
    expect(warning).toBeGreaterThan(plan.warningDay - 3);
    expect(warning).toBeLessThan(plan.warningDay + 3);
    expect(alarm).toBeGreaterThan(plan.alarmDay - 3);
    expect(alarm).toBeLessThan(plan.alarmDay + 3);
    expect(firstDay(faultyDga, (row) => row.c2h4! >= 50)).toBe(warning);
    const tdcgEarly = faultyDga.slice(0, 12 * 10).map((row) => row.tdcg!);
    const tdcgLate = faultyDga.slice(-12 * 3).map((row) => row.tdcg!);
    expect(Math.min(...tdcgLate)).toBeGreaterThan(1.8 * Math.max(...tdcgEarly));
  });

  it('reports TDCG as the sum of the combustible gases (IEEE C57.104), within rounding', () => {
    for (const row of faultyDga.slice(0, 50)) {
      const sum = row.h2! + row.ch4! + row.c2h6! + row.c2h4! + row.c2h2! + row.co!;
      expect(Math.abs(row.tdcg! - sum)).toBeLessThanOrEqual(1);
    }
  });
});

describe('transformer load and temperatures', () => {
  const rows = sampledHistory(healthy, FAST_INTERVAL_MS);

  it('keeps every tag of the healthy unit normal for 90 days', () => {
    const worst = new Map<string, number>();
    for (const { t, day } of [...historyGrid(FAST_INTERVAL_MS), ...historyGrid(SLOW_INTERVAL_MS)]) {
      for (const [tag, value] of Object.entries(healthy.sample(t))) {
        expect(status(tag, value), `${tag} = ${value} on day ${day.toFixed(2)}`).toBe(0);
        worst.set(tag, Math.max(worst.get(tag) ?? Number.NEGATIVE_INFINITY, value));
      }
    }
    expect(worst.size).toBe(33);
  });

  it('follows the load with the oil time constant: the daily top-oil peak comes 1–5 h after the load peak', () => {
    const lags: number[] = [];
    for (let day = 10; day < 80; day++) {
      const today = rows.filter((row) => row.day >= day && row.day < day + 1);
      const peakOf = (tag: string) =>
        today.reduce((best, row) => (row[tag]! > best[tag]! ? row : best), today[0]!).t;
      lags.push((peakOf('top_oil_temperature') - peakOf('load_factor')) / HOUR_MS);
    }
    lags.sort((a, b) => a - b);
    const median = lags[Math.floor(lags.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(1);
    expect(median).toBeLessThanOrEqual(5);
  });

  it('puts the hot spot above top oil by the IEC 60076-7 winding gradient H·gr·K^y', () => {
    for (const row of rows.slice(0, 200)) {
      const k = row.load_factor! / 100;
      // The steady-state formula with no oil rise leaves exactly the gradient term.
      const gradient = hotSpotTemperature(0, k, { ...TRANSFORMER_THERMAL, topOilRiseK: 0 });
      // Readings are rounded to 0.1 °C and K to 0.1 %.
      expect(row.hot_spot_temperature! - row.top_oil_temperature!).toBeCloseTo(gradient, 0);
    }
  });
});

describe('transformer V–I locus captures', () => {
  it('trace the reference ellipse of each phase, so both units stay Normal', () => {
    for (const simulator of [faulty, healthy]) {
      const references = simulator.model.create.v_and_i_locus_in ?? [];
      // The locus pairs come first, then the PD captures.
      expect(simulator.waveforms.filter((w) => w.kind !== 'pd')).toHaveLength(2 * references.length);
      const capture = simulator.capture(Date.parse('2026-10-01T02:00:00Z'));
      references.forEach((reference, i) => {
        const [current, voltage] = [capture[2 * i]!, capture[2 * i + 1]!];
        expect(simulator.waveforms[2 * i]).toMatchObject({ sensor: reference.locus_name, kind: 'current' });
        expect(simulator.waveforms[2 * i + 1]).toMatchObject({
          sensor: reference.locus_name,
          kind: 'voltage',
        });
        const locus = viLocus(current, voltage);
        // The daily wander is under 0.5 % of the axes; the tilt is kept (tolerance 0.1°).
        expect(Math.abs(locus.a / reference.a - 1)).toBeLessThan(0.005);
        expect(Math.abs(locus.b / reference.b - 1)).toBeLessThan(0.005);
        expect(locus.angle).toBeCloseTo(reference.angle, 1);
        expect(compareLocus(locus, reference, null).faultDiagnosis).toBe('Normal');
      });
    }
  });
});

describe('transformer PD captures', () => {
  const pulsesOf = (simulator: typeof faulty, t: number, sensor: string) => {
    const i = simulator.waveforms.findIndex((w) => w.kind === 'pd' && w.sensor === sensor);
    return simulator.capture(t)[i]!;
  };
  const days = historyGrid(86_400_000);

  it('sends (phase 0–360°, charge ≥ 0 pC) pairs on both main-tank UHF sensors, referenced to phase a at 50 Hz', () => {
    for (const simulator of [faulty, healthy]) {
      const pd = simulator.waveforms.filter((w) => w.kind === 'pd');
      expect(pd.map((w) => w.sensor)).toEqual(['Main tank UHF drain valve', 'Main tank UHF Window']);
      expect(pd.every((w) => w.channel === 'a' && w.sampleRate === 50 && w.unit === 'pC')).toBe(true);
      const pairs = pulsesOf(simulator, days.at(-1)!.t, 'Main tank UHF Window');
      expect(pairs.length % 2).toBe(0);
      for (let i = 0; i < pairs.length; i += 2) {
        expect(pairs[i]!).toBeGreaterThanOrEqual(0);
        expect(pairs[i]!).toBeLessThan(360);
        expect(pairs[i + 1]!).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("grows the faulty unit's void pulses over 90 days while the healthy unit stays at the noise floor", () => {
    const count = (simulator: typeof faulty, t: number) =>
      pulsesOf(simulator, t, 'Main tank UHF Window').length / 2;
    const first = days[0]!.t;
    const last = days.at(-1)!.t;
    expect(count(faulty, last)).toBeGreaterThan(4 * count(faulty, first));
    expect(count(healthy, last)).toBeLessThan(250);
    expect(count(healthy, last)).toBeLessThan(count(faulty, last) / 5);
  });
});
