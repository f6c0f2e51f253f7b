import { iso10816Zone } from '@sdp/analytics';
import { describe, expect, it } from 'vitest';
import { MODEL_TYPE, sensorType } from '../master-data.ts';
import { firstDay, plantModel, type SampleRow, sampledHistory, simulatorOf } from '../test-helpers.ts';
import { FAST_INTERVAL_MS } from './model-simulator.ts';

const history = (code: string) => sampledHistory(simulatorOf(code), FAST_INTERVAL_MS);
const misaligned = history('FAN1-EVS1');
const sound = history('FAN2-EVS1');
const velocity = sensorType(MODEL_TYPE.evs, 'driver_velocity');

describe('EVS fan trains', () => {
  it('lifts the misaligned motor’s velocity through 2.8 mm/s and then 4.5 mm/s (ISO 10816-3 group 2 rigid)', () => {
    const plan = plantModel('FAN1-EVS1').fault!;
    const warning = firstDay(misaligned, (row) => row['FAN1-DRV.velocity']! >= velocity.warning);
    const alarm = firstDay(misaligned, (row) => row['FAN1-DRV.velocity']! >= velocity.alarm);
    expect(warning).toBeGreaterThan(plan.warningDay - 4);
    expect(warning).toBeLessThan(plan.warningDay + 4);
    expect(alarm).toBeGreaterThan(plan.alarmDay - 4);
    expect(alarm).toBeLessThan(plan.alarmDay + 4);
    const first = misaligned[0]!['FAN1-DRV.velocity']!;
    const last = misaligned[misaligned.length - 1]!['FAN1-DRV.velocity']!;
    expect(iso10816Zone(first, 2, 'rigid')).toBe('A');
    expect(iso10816Zone(last, 2, 'rigid')).toBe('D');
    // The gearbox input, across the coupling, sees most of it too; the fan end hardly any.
    expect(last).toBeGreaterThan(misaligned[misaligned.length - 1]!['FAN1-TRN.velocity']!);
    expect(Math.max(...misaligned.map((row) => row['FAN1-DRN.velocity']!))).toBeLessThan(velocity.warning);
  });

  it('keeps every sensor of the sound fan below 2.8 mm/s, 10 m/s² and 80 °C', () => {
    for (const sensor of ['FAN2-DRV', 'FAN2-TRN', 'FAN2-DRN']) {
      const worst = (quantity: string) => Math.max(...sound.map((row) => row[`${sensor}.${quantity}`]!));
      expect(worst('velocity')).toBeLessThan(velocity.warning);
      expect(worst('acceleration')).toBeLessThan(sensorType(MODEL_TYPE.evs, 'driver_acceleration').warning);
      expect(worst('temperature')).toBeLessThan(sensorType(MODEL_TYPE.evs, 'driver_temperature').warning);
    }
  });

  it('warms the misaligned motor bearing a little without reaching its temperature limit', () => {
    const mean = (rows: SampleRow[]) =>
      rows.reduce((sum, row) => sum + row['FAN1-DRV.temperature']!, 0) / rows.length;
    const rise = mean(misaligned.slice(-480)) - mean(misaligned.slice(0, 480));
    expect(rise).toBeGreaterThan(3);
    expect(Math.max(...misaligned.map((row) => row['FAN1-DRV.temperature']!))).toBeLessThan(80);
  });

  it('reports each sensor’s battery in volts, a 3.6 V cell that sags slowly over the 90 days', () => {
    const battery = sound.map((row) => row['FAN2-DRV.battery']!);
    expect(battery[0]!).toBeGreaterThan(3.5);
    expect(battery[0]!).toBeLessThan(3.7);
    // About 3 mV a day: a quarter of a volt over the history, never below a cell's 3.0 V cut-off.
    expect(battery[0]! - battery[battery.length - 1]!).toBeGreaterThan(0.15);
    expect(Math.min(...battery)).toBeGreaterThan(3.0);
  });
});
