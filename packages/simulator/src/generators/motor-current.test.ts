import {
  brokenRotorBarAnalysis,
  currentSpectrum,
  currentUnbalance,
  estimateRotorSpeed,
  motorSpeed,
  overallFeatures,
  totalHarmonicDistortion,
} from '@sdp/analytics';
import { describe, expect, it } from 'vitest';
import { MODEL_TYPE, sensorType } from '../master-data.ts';
import { MOTOR_SPEED_RPM } from '../plant.ts';
import { firstDay, NOW, ORIGIN, plantModel, simulatorOf } from '../test-helpers.ts';
import { CURRENT_SAMPLE_RATE_HZ, MOTOR_POLES, MOTOR_SLIP, SUPPLY_HZ } from './motor-current.ts';
import { DAY_MS } from './timeline.ts';

const faulty = simulatorOf('P102-MCA1');
const healthy = simulatorOf('P103-MCA1');
const days = Array.from({ length: 90 }, (_, i) => i + 0.5);

/** Broken-bar level (dB) of phase A of one capture, as the analytics MCSA reads it. */
function rotorBarDb(simulator: typeof faulty, day: number): number {
  const [phaseA] = simulator.capture(ORIGIN + day * DAY_MS);
  const { spectrum, supply } = currentSpectrum(phaseA!, CURRENT_SAMPLE_RATE_HZ);
  return brokenRotorBarAnalysis(spectrum, supply, MOTOR_SLIP).levelDb;
}

describe('MCA stator current', () => {
  it('has slip 0.02 from the motor data (4 poles, 1470 rpm, 50 Hz), sidebands at 48 and 52 Hz', () => {
    expect(MOTOR_SLIP).toBeCloseTo(motorSpeed(SUPPLY_HZ, MOTOR_POLES, MOTOR_SPEED_RPM).slip, 12);
    const data = plantModel('P102-MCA1').create.motor_data_in!;
    expect(data.find((row) => row.modelConfigurationTagCode === 'rated_speed')?.value).toBe(MOTOR_SPEED_RPM);
    const [phaseA] = faulty.capture(NOW);
    const { spectrum, supply } = currentSpectrum(phaseA!, CURRENT_SAMPLE_RATE_HZ);
    const result = brokenRotorBarAnalysis(spectrum, supply, MOTOR_SLIP);
    expect(result.lowerHz).toBeCloseTo(48, 6);
    expect(result.upperHz).toBeCloseTo(52, 6);
    // The eccentricity sideband fs + fr gives the speed back (one bin: 0.3125 Hz = 18.75 rpm).
    expect(estimateRotorSpeed(spectrum, supply, MOTOR_POLES).rpm).toBeCloseTo(MOTOR_SPEED_RPM, -1);
  });

  it('grows the faulty motor’s broken-bar sideband from −55 dB past −45 dB and then −40 dB', () => {
    const levels = days.map((day) => ({ day, db: rotorBarDb(faulty, day) }));
    const plan = plantModel('P102-MCA1').fault!;
    const limit = sensorType(MODEL_TYPE.mca, 'broken_rotor_bar');
    expect(levels[0]!.db).toBeGreaterThan(-57);
    expect(levels[0]!.db).toBeLessThan(-53);
    const warning = firstDay(levels, (row) => row.db > limit.warning);
    const alarm = firstDay(levels, (row) => row.db > limit.alarm);
    expect(warning).toBeGreaterThan(plan.warningDay - 5);
    expect(warning).toBeLessThan(plan.warningDay + 5);
    expect(alarm).toBeGreaterThan(plan.alarmDay - 5);
    expect(alarm).toBeLessThan(plan.alarmDay + 5);
    expect(levels[89]!.db).toBeGreaterThan(-40);
  });

  it('keeps the healthy motor’s sideband below the −50 dB “healthy” boundary all along', () => {
    for (const day of days.filter((_, i) => i % 5 === 0)) expect(rotorBarDb(healthy, day)).toBeLessThan(-50);
  });

  it('has the THD and current unbalance its meter reports (within 0.4 %)', () => {
    const t = NOW - 2 * DAY_MS;
    const phases = faulty.capture(t);
    const { spectrum, supply } = currentSpectrum(phases[0]!, CURRENT_SAMPLE_RATE_HZ);
    const meter = faulty.sample(t);
    expect(Math.abs(totalHarmonicDistortion(spectrum, supply) - meter.thd_current!)).toBeLessThan(0.4);
    const rms = phases.map((phase) => overallFeatures(phase).rms) as [number, number, number];
    expect(Math.abs(currentUnbalance(rms) - meter.current_unbalance!)).toBeLessThan(0.4);
    // A three-wire motor: the phase currents sum to (almost) nothing.
    const residual = phases[0]!.map((a, i) => a + phases[1]![i]! + phases[2]![i]!);
    expect(overallFeatures(residual).rms).toBeLessThan(1);
  });
});
