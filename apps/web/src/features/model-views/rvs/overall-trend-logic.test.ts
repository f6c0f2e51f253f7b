import { describe, expect, it } from 'vitest';
import { worstSensor } from './overall-trend-logic.ts';

const sensors = [{ sensorId: 'S1' }, { sensorId: 'S2' }, { sensorId: 'S3' }];

describe('worstSensor', () => {
  it('opens on the sensor in alarm, else warning, the first on a tie', () => {
    const statuses = [
      { sensorId: 'S1', status: 0 },
      { sensorId: 'S2', status: 1 },
      { sensorId: 'S3', status: 2 },
    ];
    expect(worstSensor(sensors, statuses)).toBe('S3');
    expect(worstSensor(sensors, statuses.slice(0, 2))).toBe('S2');
    expect(
      worstSensor(sensors, [
        { sensorId: 'S2', status: 1 },
        { sensorId: 'S3', status: 1 },
      ]),
    ).toBe('S2');
  });

  it('takes the first sensor while statuses are unknown, and none without sensors', () => {
    expect(worstSensor(sensors, undefined)).toBe('S1');
    expect(worstSensor([], [{ sensorId: 'S1', status: 2 }])).toBeUndefined();
  });
});
