import { type ModelSettings, modelSettingsInput } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { toUpdatePayload } from './sections.ts';
import { newRawVibrationSensorRow, newVibrationSensorRow } from './sensor-rows.ts';

const motor = { modelConfigurationTagCode: 'rated_speed', title: 'Rated speed', value: 1470 };

function settings(): ModelSettings {
  return {
    ...modelSettingsInput.parse({ model_in: { title: '  Pump motor ', isRVSRealtimeReport: true } }),
    motor_data_in: [motor],
    vibration_sensor_in: [newVibrationSensorRow()],
    raw_vibration_sensor_in: [newRawVibrationSensorRow()],
    rvs_diagram_in: { diagram_url: '/api/v1/files/equipment-tags/diagram.png' },
  };
}

describe('the update form as sent', () => {
  it('keeps the sections of the model type and empties the others', () => {
    const payload = toUpdatePayload(settings(), 2);
    expect(payload.motor_data_in).toEqual([motor]);
    expect(payload.vibration_sensor_in).toEqual([]);
    expect(payload.raw_vibration_sensor_in).toEqual([]);
    expect(payload.rvs_diagram_in).toEqual({ diagram_url: null });
    expect(payload.model_in).toEqual({ title: 'Pump motor', isActive: 'active', isRVSRealtimeReport: false });
  });

  it('sends the realtime report switch and the diagram of an RVS model', () => {
    const payload = toUpdatePayload(settings(), 5);
    expect(payload.model_in.isRVSRealtimeReport).toBe(true);
    expect(payload.rvs_diagram_in.diagram_url).toBe('/api/v1/files/equipment-tags/diagram.png');
    expect(payload.raw_vibration_sensor_in).toHaveLength(1);
    expect(payload.motor_data_in).toEqual([]);
  });
});
