import { remainingLife, type TemperatureInterval } from '@sdp/analytics';
import { describe, expect, it } from 'vitest';
import { MODEL_TYPE, SENSOR_TYPES } from '../master-data.ts';
import { firstDay, plantModel, sampledHistory, simulatorOf } from '../test-helpers.ts';
import { LIFE_TEMPERATURE_TAGS } from './drive.ts';
import { FAST_INTERVAL_MS } from './model-simulator.ts';
import { HOUR_MS } from './timeline.ts';

const model = plantModel('VSD1-VCA1');
const simulator = simulatorOf('VSD1-VCA1');
const rows = sampledHistory(simulator, FAST_INTERVAL_MS);

/**
 * Remaining life (%) at the end of each day from the row's rating (l0 h at tmax °C) and the temperature
 * series, with the server's initial damage initial_day·avg_rate / (expectedLifeTime, else l0).
 */
function dailyRemainingLife(tag: 'dc_link_capacitor' | 'cooling_fan') {
  const row = model.create.vsd_alarm_limit_sensor_new_in!.find((candidate) => candidate.tagCode === tag)!;
  const rating = { ratedLifeHours: row.l0!, ratedTemperatureC: row.tmax! };
  const initialDamage = (row.initial_day! * row.avg_rate!) / (row.expectedLifeTime ?? row.l0!);
  const history: TemperatureInterval[] = [];
  const result: { day: number; rul: number }[] = [];
  for (const sample of rows) {
    history.push({ hours: FAST_INTERVAL_MS / HOUR_MS, temperatureC: sample[LIFE_TEMPERATURE_TAGS[tag]]! });
    if (history.length % 48 === 0) {
      result.push({ day: sample.day, rul: remainingLife(history, rating, initialDamage).rulPercent });
    }
  }
  return result;
}

describe('VCA drive', () => {
  it('ages the DC-link capacitors: remaining life falls below 20 % around day 54 and 10 % around day 88', () => {
    const plan = model.fault!;
    const life = dailyRemainingLife('dc_link_capacitor');
    expect(life[0]!.rul).toBeGreaterThan(20);
    const warning = firstDay(life, (row) => row.rul < 20);
    const alarm = firstDay(life, (row) => row.rul < 10);
    expect(warning).toBeGreaterThan(plan.warningDay - 5);
    expect(warning).toBeLessThan(plan.warningDay + 5);
    expect(alarm).toBeGreaterThan(plan.alarmDay - 5);
    expect(alarm).toBeLessThanOrEqual(90);
    for (let i = 1; i < life.length; i++) expect(life[i]!.rul).toBeLessThan(life[i - 1]!.rul);
  });

  it('keeps the cooling fan healthy: remaining life stays above 40 %', () => {
    const life = dailyRemainingLife('cooling_fan');
    expect(life[life.length - 1]!.rul).toBeGreaterThan(40);
  });

  it('raises the DC ripple with ageing but keeps it and every drive reading under its warning limit', () => {
    const early = rows.slice(0, 480).map((row) => row.dc_ripple!);
    const late = rows.slice(-480).map((row) => row.dc_ripple!);
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean(late)).toBeGreaterThan(1.5 * mean(early));
    for (const sensor of SENSOR_TYPES.filter(
      (type) => type.modelTypeId === MODEL_TYPE.vca && type.groupId !== 31,
    )) {
      const worst = Math.max(...rows.map((row) => row[sensor.tag]!));
      expect(worst, sensor.tag).toBeLessThan(sensor.warning);
    }
  });
});
