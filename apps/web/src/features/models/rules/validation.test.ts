import { type ModelSettings, modelSettingsInput } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { newRawVibrationSensorRow, newVibrationSensorRow } from './sensor-rows.ts';
import {
  isValid,
  limitOrderMessage,
  MESSAGES,
  persistenceMessages,
  validateModelSettings,
} from './validation.ts';

function settings(sections: Partial<ModelSettings> = {}): ModelSettings {
  return {
    ...modelSettingsInput.parse({ model_in: { title: 'Main transformer' } }),
    alarm_management: { persistence_from: 3, persistence_to: 5 },
    ...sections,
  };
}

// Oil level falls as it gets worse (direction 'low'); everything else in these tests rises.
const context = (modelTypeId: number) => ({
  modelTypeId,
  directionOf: (sensorTypeId: number) => (sensorTypeId === 1204 ? ('low' as const) : ('high' as const)),
});

const limit = (sensorTypeId: number, warning: number | null, alarm: number | null) => ({
  sensorTypeId,
  warning,
  alarm,
  rul_warning: null,
  rul_alarm: null,
  isSelect: true,
  isAlert: true,
});

describe('warning and alarm order', () => {
  it('wants the warning below the alarm for a rising value and above it for a falling one', () => {
    expect(limitOrderMessage(90, 100, 'high')).toBeNull();
    expect(limitOrderMessage(100, 90, 'high')).toBe(MESSAGES.warningBelowAlarm);
    expect(limitOrderMessage(100, 100, 'high')).toBe(MESSAGES.warningBelowAlarm);
    expect(limitOrderMessage(30, 20, 'low')).toBeNull();
    expect(limitOrderMessage(20, 30, 'low')).toBe(MESSAGES.warningAboveAlarm);
  });

  it('says nothing until both are numbers', () => {
    expect(limitOrderMessage(null, 5, 'high')).toBeNull();
    expect(limitOrderMessage(Number.NaN, 5, 'high')).toBeNull();
  });

  it('marks the transformer row by the direction the lookups give its sensor type', () => {
    const errors = validateModelSettings(
      settings({
        alarm_limit_sensor_new_in: [limit(1201, 90, 100), limit(1204, 20, 30), limit(1701, 700, 100)],
      }),
      context(1),
    );
    expect(errors).toEqual({
      'alarm_limit_sensor_new_in.1.warning': MESSAGES.warningAboveAlarm,
      'alarm_limit_sensor_new_in.1.alarm': '',
      'alarm_limit_sensor_new_in.2.warning': MESSAGES.warningBelowAlarm,
      'alarm_limit_sensor_new_in.2.alarm': '',
    });
  });

  it('lets an EVS row keep its new 0 and 0, but not a warning above the alarm', () => {
    const fresh = newVibrationSensorRow();
    const rows = [
      { ...fresh, sensorId: 'EVS-01', sensorName: 'Fan DE' },
      { ...fresh, sensorId: 'EVS-02', sensorName: 'Fan NDE', velocity: { warning: 4.5, alarm: 2.8 } },
    ];
    expect(validateModelSettings(settings({ vibration_sensor_in: rows }), context(4))).toEqual({
      'vibration_sensor_in.1.velocity.warning': MESSAGES.warningBelowAlarm,
      'vibration_sensor_in.1.velocity.alarm': '',
    });
  });

  it('wants an RVS battery warning above its alarm (a battery runs down)', () => {
    const row = { ...newRawVibrationSensorRow(), sensorId: 'RVS-01', sensorName: 'Pump DE' };
    const errors = validateModelSettings(
      settings({ raw_vibration_sensor_in: [{ ...row, batteryLimit: { warning: 10, alarm: 20 } }] }),
      context(5),
    );
    expect(errors['raw_vibration_sensor_in.0.batteryLimit.warning']).toBe(MESSAGES.warningAboveAlarm);
  });

  it('wants a VCA remaining-life RUL warning above its RUL alarm', () => {
    const row = {
      ...limit(3101, 20, 10),
      sensorGroupId: 31,
      brandId: null,
      vsdModelId: null,
      initial_day: 0,
      avg_rate: 24,
      l0: null,
      tmax: null,
      expectedLifeTime: null,
      rul_warning: 10,
      rul_alarm: 20,
    };
    const errors = validateModelSettings(settings({ vsd_alarm_limit_sensor_new_in: [row] }), {
      modelTypeId: 3,
      directionOf: () => 'low',
    });
    expect(errors).toEqual({
      'vsd_alarm_limit_sensor_new_in.0.rul_warning': MESSAGES.warningAboveAlarm,
      'vsd_alarm_limit_sensor_new_in.0.rul_alarm': '',
    });
  });
});

describe('persistence X out of Y', () => {
  it('accepts 1 ≤ X ≤ Y ≤ 100', () => {
    expect(persistenceMessages(1, 1)).toEqual({});
    expect(persistenceMessages(3, 5)).toEqual({});
    expect(persistenceMessages(100, 100)).toEqual({});
  });

  it('refuses X above Y, values outside 1 to 100 and fractions', () => {
    expect(persistenceMessages(6, 5)).toEqual({ from: MESSAGES.persistence });
    expect(persistenceMessages(0, 5)).toEqual({ from: MESSAGES.persistence });
    expect(persistenceMessages(3, 101)).toEqual({ to: MESSAGES.persistence });
    expect(persistenceMessages(2.5, 5)).toEqual({ from: MESSAGES.wholeNumber });
    expect(persistenceMessages(Number.NaN, 5)).toEqual({ from: MESSAGES.wholeNumber });
  });

  it('puts the message on the form field', () => {
    const errors = validateModelSettings(
      settings({ alarm_management: { persistence_from: 7, persistence_to: 5 } }),
      context(1),
    );
    expect(errors).toEqual({ 'alarm_management.persistence_from': MESSAGES.persistence });
  });
});

describe('the rest of the form', () => {
  it('is valid as the server creates it', () => {
    expect(isValid(validateModelSettings(settings(), context(1)))).toBe(true);
  });

  it('requires the model name', () => {
    const errors = validateModelSettings(
      settings({ model_in: { ...settings().model_in, title: '  ' } }),
      context(1),
    );
    expect(errors).toEqual({ 'model_in.title': MESSAGES.nameRequired });
  });

  it('reports text that is not a finite number', () => {
    const errors = validateModelSettings(
      settings({ alarm_limit_sensor_new_in: [limit(1201, Number.NaN, 100)] }),
      context(1),
    );
    expect(errors).toEqual({ 'alarm_limit_sensor_new_in.0.warning': MESSAGES.number });
  });

  it('wants two tags on a correlation row and no score twice', () => {
    const row = { tagCode: ['h2', 'ch4'], tagA: 'h2', tagB: 'ch4', score: 'h2_ch4', warning: 3, alarm: 5 };
    const errors = validateModelSettings(
      settings({ q_setting_in: [row, row, { ...row, tagCode: ['h2'], tagB: '', score: '' }] }),
      context(1),
    );
    expect(errors).toEqual({
      'q_setting_in.1.tagCode': MESSAGES.duplicate,
      'q_setting_in.2.tagCode': MESSAGES.twoTags,
    });
  });

  it('wants an id and a name on each EVS sensor, and no id twice', () => {
    const row = { ...newVibrationSensorRow(), sensorId: 'EVS-01', sensorName: 'Fan DE' };
    const errors = validateModelSettings(
      settings({ vibration_sensor_in: [row, row, newVibrationSensorRow()] }),
      context(4),
    );
    expect(errors).toEqual({
      'vibration_sensor_in.1.sensorId': MESSAGES.duplicate,
      'vibration_sensor_in.2.sensorId': MESSAGES.required,
      'vibration_sensor_in.2.sensorName': MESSAGES.required,
    });
  });

  it('looks only at the sections of the model type', () => {
    const errors = validateModelSettings(
      settings({ vibration_sensor_in: [newVibrationSensorRow()] }),
      context(1),
    );
    expect(errors).toEqual({});
  });
});
