import { describe, expect, it } from 'vitest';
import { newRawVibrationSensorRow, newVibrationSensorRow, setRvsLimit } from './sensor-rows.ts';

describe('new sensor rows', () => {
  it('starts an EVS row with warning and alarm 0, sensor point 1 and machine template 1', () => {
    const row = newVibrationSensorRow();
    expect(row).toMatchObject({ sensorPointId: 1, machineTemplateId: 1, selected: true });
    for (const quantity of [row.acceleration, row.velocity, row.temperature]) {
      expect(quantity).toEqual({ warning: 0, alarm: 0 });
    }
  });

  it('names the axes of an RVS row H, V and A', () => {
    expect(newRawVibrationSensorRow().axisLabels).toEqual({ x: 'H', y: 'V', z: 'A' });
  });

  it('gives an RVS row the default limits of each quantity on all three axes', () => {
    const row = newRawVibrationSensorRow({
      velocity: { warning: 2.8, alarm: 4.5 },
      battery: { warning: 25, alarm: 15 },
    });
    expect(row.limits).toEqual([
      { type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 },
      { type: 'velocity', axis: 'y', warning: 2.8, alarm: 4.5 },
      { type: 'velocity', axis: 'z', warning: 2.8, alarm: 4.5 },
    ]);
    expect(row.batteryLimit).toEqual({ warning: 25, alarm: 15 });
    // Without a default of its own the temperature keeps the server's 80/95 °C.
    expect(row.temperatureLimit).toEqual({ warning: 80, alarm: 95 });
  });
});

describe('RVS limits per quantity and axis', () => {
  it('creates a missing limit when one value is typed, ordered by quantity then axis', () => {
    const base = newRawVibrationSensorRow({ velocity: { warning: 2.8, alarm: 4.5 } });
    const row = setRvsLimit(base, 'acceleration', 'y', 'warning', 10);
    expect(row.limits[0]).toMatchObject({ type: 'acceleration', axis: 'y', warning: 10 });
    expect(row.limits[0]?.alarm).toBeNaN();
    expect(row.limits).toHaveLength(4);
  });

  it('drops a limit once both of its values are emptied', () => {
    const base = newRawVibrationSensorRow({ envelope: { warning: 2, alarm: 4 } });
    const halfway = setRvsLimit(base, 'envelope', 'z', 'warning', null);
    expect(halfway.limits).toHaveLength(3);
    expect(setRvsLimit(halfway, 'envelope', 'z', 'alarm', null).limits).toHaveLength(2);
  });
});
