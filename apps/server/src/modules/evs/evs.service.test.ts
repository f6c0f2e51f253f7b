import { describe, expect, it } from 'vitest';
import { masterData } from '../../../test/master-data.ts';
import type { OnlineModelRow } from '../models/models.repository.ts';
import type { SeriesRow } from '../timeseries/timeseries.repository.ts';
import { createEvsService } from './evs.service.ts';

/**
 * The EVS service on hand-made repositories (no Fastify, no database): a fan train with a motor sensor (driver),
 * a gearbox sensor (transmission) without data and an unselected fan sensor.
 */
const at = new Date('2026-06-01T00:00:00Z');
const TRAIN = '00000000-0000-4000-8000-000000000004';
const DRIVE = '00000000-0000-4000-8000-000000000003';

const master = masterData({
  sensorPoints: [
    { id: 1, name: 'Motor NDE' },
    { id: 3, name: 'Gearbox input' },
    { id: 5, name: 'Fan DE' },
  ],
  machineTemplates: [{ id: 3, name: 'Motor - Gearbox - Driven', description: '' }],
});

const limits = (warning: number, alarm: number) => ({ warning, alarm });
const settings = {
  model_in: { title: 'FAN1' },
  vibration_sensor_in: [
    {
      sensorId: 'S1',
      sensorName: 'Motor',
      acceleration: limits(0, 0), // never set: no limit
      velocity: limits(4.5, 7.1),
      temperature: limits(70, 85),
      sensorPointId: 1,
      machineTemplateId: 3,
    },
    {
      sensorId: 'S2',
      sensorName: 'Gearbox',
      acceleration: limits(10, 20),
      velocity: limits(4.5, 7.1),
      temperature: limits(70, 85),
      sensorPointId: 3,
    },
    {
      sensorId: 'S3',
      sensorName: 'Fan',
      acceleration: limits(10, 20),
      velocity: limits(4.5, 7.1),
      temperature: limits(70, 85),
      sensorPointId: 5,
      selected: false,
    },
  ],
};
const row = (id: number, tag: string, value: number, ts: Date): SeriesRow => ({
  id,
  tag,
  unit: '',
  source: 'input',
  last_ts: ts,
  last_value: value,
  status: null,
});
const series = [
  row(1, 'S1.acceleration', 42, at),
  row(2, 'S1.velocity', 5.2, at),
  row(3, 'S1.temperature', 60, new Date(at.getTime() - 60_000)),
  row(4, 'S3.velocity', 12, at),
  { ...row(5, 'S1.battery', 3.52, at), unit: 'V' },
];

const model = (id: string, model_type_id: number) =>
  ({ id, model_type_id, title: 'FAN1', code: 'FAN1-EVS' }) as OnlineModelRow;

const service = createEvsService({
  models: {
    find: async (id) => (id === TRAIN ? model(TRAIN, 4) : id === DRIVE ? model(DRIVE, 3) : undefined),
    settings: async () => ({ document: settings, updated_at: at }),
  },
  master: { get: async () => master },
  timeseries: {
    series: async () => series,
    m4ToWidth: async (id) => (id === 2 ? [{ t: at.getTime(), v: 5.2 }] : []),
  },
});

describe('EVS service', () => {
  it('rates each selected sensor against its own limits and each part by its worst sensor', async () => {
    const status = await service.status(TRAIN);
    expect(status).toMatchObject({
      id: TRAIN,
      modelCode: 'FAN1-EVS',
      timestamp: at.toISOString(),
      driverStatus: 1, // velocity 5.2 between 4.5 and 7.1
      transmissionStatus: -1, // a sensor without data
      drivenStatus: -1, // the fan sensor is not selected
      overAllEquipmentStatus: 1,
    });
    expect(status.sensors.map((sensor) => [sensor.uid, sensor.role, sensor.sensorPoint])).toEqual([
      ['S1', 'driver', 'Motor NDE'],
      ['S2', 'transmission', 'Gearbox input'],
    ]);
    // Type of Position, Machine and Battery (V) of spec 03 §2.18; a sensor that sent no battery reads none.
    expect(status.sensors.map((sensor) => [sensor.machine, sensor.battery])).toEqual([
      ['Motor - Gearbox - Driven', { value: 3.52, unit: 'V', timestamp: at.toISOString() }],
      [expect.any(String), { value: null, unit: 'V', timestamp: null }],
    ]);
    expect(status.sensors[0]!.readings).toEqual([
      // 0/0 limits are unset: any value is normal.
      {
        type: 'Acceleration',
        unit: 'm/s²',
        value: 42,
        warning: null,
        alarm: null,
        status: 0,
        timestamp: at.toISOString(),
      },
      expect.objectContaining({ type: 'Temperature', value: 60, status: 0 }),
      expect.objectContaining({
        type: 'Velocity',
        unit: 'mm/s',
        value: 5.2,
        warning: 4.5,
        alarm: 7.1,
        status: 1,
      }),
    ]);
  });

  it('draws one line per selected sensor of the asked quantity, with its limits', async () => {
    const result = await service.result({
      modelId: TRAIN,
      groupCode: 'Velocity',
      startDate: '2026-05-01T00:00:00Z',
      endDate: '2026-06-02T00:00:00Z',
      isNormal: true,
      width: 100,
    });
    expect(result).toEqual({
      type: 'Velocity',
      unit: 'mm/s',
      series: [
        {
          uid: 'S1',
          sensorName: 'Motor',
          role: 'driver',
          warning: 4.5,
          alarm: 7.1,
          timestamp: [at.getTime()],
          data: [5.2],
        },
        {
          uid: 'S2',
          sensorName: 'Gearbox',
          role: 'transmission',
          warning: 4.5,
          alarm: 7.1,
          timestamp: [],
          data: [],
        },
      ],
    });
  });

  it('refuses an unknown model, another type and a range beyond six months when normal', async () => {
    await expect(service.status('00000000-0000-4000-8000-00000000dead')).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.status(DRIVE)).rejects.toMatchObject({
      status: 400,
      message: 'modelId: this call is for EVS models (type 4); this model is type 3.',
    });
    await expect(
      service.result({
        modelId: TRAIN,
        groupCode: 'Velocity',
        startDate: '2025-06-01T00:00:00Z',
        endDate: '2026-06-01T00:00:00Z',
        isNormal: true,
        width: 100,
      }),
    ).rejects.toMatchObject({ status: 400, message: 'endDate: the range is at most 186 days.' });
  });
});
