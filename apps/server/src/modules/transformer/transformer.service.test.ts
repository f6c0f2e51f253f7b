import { describe, expect, it } from 'vitest';
import type { MasterData, MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import type { TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import type { SeriesMeta, TransformerRepository } from './transformer.repository.ts';
import { createTransformerService } from './transformer.service.ts';

/**
 * The transformer service without Fastify, on hand-made repositories: what it computes from what they answer.
 * Expected figures are hand calculations beside each assertion.
 */
const TX = '00000000-0000-4000-8000-000000000001';
const MOTOR = '00000000-0000-4000-8000-000000000002';
const DAY = Date.parse('2026-11-20T00:00:00Z');

const sensor = (id: number, tag: string, warning: number | null, alarm: number | null) => ({
  id,
  group_id: 10,
  model_type_id: 1,
  tag_code: tag,
  name: tag.toUpperCase(),
  unit: 'ppm',
  default_warning: warning,
  default_alarm: alarm,
  direction: 'high' as const,
});
// Gases in panel J; C2H4 at or over 50 ppm is a warning.
const master = {
  groups: [{ id: 10, model_type_id: 1, code: 'j', name: 'DGA' }],
  sensorTypes: [sensor(1, 'ch4', 100, 200), sensor(2, 'c2h4', 50, 200), sensor(3, 'c2h2', 20, 40)],
  tabs: [],
} as unknown as MasterData;

const series = (id: number, tag: string, last_value: number | null): SeriesMeta => ({
  id,
  tag,
  unit: tag === 'load_factor' ? '%' : 'ppm',
  last_ts: last_value === null ? null : new Date(DAY),
  last_value,
  status: null,
});

/** CH4 30, C2H4 60, C2H2 10 ppm sampled an hour apart; load factor 50 %; a 2 MVA transformer of 10 kW + 100 kW losses. */
function service(
  options: { gases?: string[]; configuration?: Record<string, string>; values?: Record<string, number> } = {},
) {
  const gases = options.gases ?? ['ch4', 'c2h4', 'c2h2'];
  const values: Record<string, number> = { ch4: 30, c2h4: 60, c2h2: 10, load_factor: 50, ...options.values };
  const rows = ['ch4', 'c2h4', 'c2h2', 'load_factor']
    .filter((tag) => tag === 'load_factor' || gases.includes(tag))
    .map((tag, i) => series(i + 1, tag, values[tag]!));
  const calls: unknown[][] = [];
  const repository = {
    series: async (modelId: string) => (modelId === TX ? rows : []),
    valueAt: async (seriesId: number) => {
      const row = rows.find((r) => r.id === seriesId)!;
      return { t: DAY + seriesId * 3_600_000, v: values[row.tag]! };
    },
    configuration: async () =>
      new Map(
        Object.entries(options.configuration ?? { rated_power: '2', no_load_loss: '10', load_loss: '100' }),
      ),
    losses: async (...args: unknown[]) => {
      calls.push(['losses', ...args]);
      return { n: 2, mean_k: 0.75, mean_k2: 0.625, energy: 42 };
    },
    // Tag A 1…4 against tag B = 2·A + 1.
    aligned: async (ids: number[], ...args: unknown[]) => {
      calls.push(['aligned', ids, ...args]);
      return [1, 2, 3, 4].map((a, i) => ({ t: DAY + i * 60_000, v: [a, 2 * a + 1] }));
    },
    modelSummary: async (modelId: string) =>
      modelId === TX
        ? {
            id: TX,
            code: 'TX9',
            title: 'Transformer 9',
            model_type_id: 1,
            is_active: true,
            status: 1,
            last_data_at: new Date(DAY),
            open_events: 3,
            alarm_since: new Date(DAY / 2),
          }
        : undefined,
  } as unknown as TransformerRepository;
  const models = {
    find: async (id: string) =>
      id === TX
        ? { id: TX, title: 'Transformer 9', model_type_id: 1, status: 1 }
        : id === MOTOR
          ? { id: MOTOR, title: 'Motor', model_type_id: 2, status: 0 }
          : undefined,
    settings: async () => undefined,
  } as unknown as ModelsRepository;
  const timeseries = {
    m4ToWidth: async () => [
      { t: DAY, v: 50 },
      { t: DAY + 60_000, v: 100 },
    ],
  } as unknown as TimeseriesRepository;
  return {
    calls,
    service: createTransformerService({
      repository,
      timeseries,
      models,
      master: { get: async () => master } as unknown as MasterRepository,
    }),
  };
}

const range = { startDate: '2026-11-20T00:00:00Z', endDate: '2026-11-21T00:00:00Z' };

describe('transformer service', () => {
  it('places the last DGA sample in Duval Triangle 1, with the worst gas status and its colour', async () => {
    const result = await service().service.dgaResult({ modelId: TX, sensorType: 'main_tank' });
    // 30 + 60 + 10 = 100 ppm: shares 30 %, 60 %, 10 %; C2H4 ≥ 50 % and C2H2 < 15 %: T3. C2H4 60 ≥ warning 50: 1.
    expect(result).toMatchObject({
      sensorType: 'main_tank',
      ch4_level: 30,
      c2h4_level: 60,
      c2h2_level: 10,
      status: 1,
      new_result: {
        zone: 'T3',
        colorCode: '#FCA239',
        // The newest of the three samples: C2H2, series 3, at DAY + 3 h.
        timeStamp: new Date(DAY + 3 * 3_600_000).toISOString(),
      },
    });
    expect(result.ch4_level_cal).toBeCloseTo(30, 9);
    expect(result.c2h4_level_cal).toBeCloseTo(60, 9);
    expect(result.c2h2_level_cal).toBeCloseTo(10, 9);
  });

  it('never shows high-energy discharges (D2) as normal: the zone is at least a warning under the gas limits', async () => {
    // 5 + 15 + 15 ppm, every gas under its warning limit; shares 14 %, 43 %, 43 %: D2.
    const result = await service({ values: { ch4: 5, c2h4: 15, c2h2: 15 } }).service.dgaResult({
      modelId: TX,
      sensorType: 'main_tank',
    });
    expect(result).toMatchObject({
      status: 1,
      new_result: { zone: 'D2', description: 'Discharges of high energy', colorCode: '#FCA239' },
    });
  });

  it('colours the DGA badge and the health status as the DGA panel: D2 under the gas limits is a warning (issue 26 item 8)', async () => {
    const result = await service({ values: { ch4: 5, c2h4: 15, c2h2: 15 } }).service.summaryStatus(TX);
    expect(result.j.map((item) => item.status)).toEqual([0, 0, 0]);
    expect(result.dga.main_tank).toMatchObject({ zone: 'D2', colorCode: '#FCA239' });
    expect(result.tr_diagram_status.h).toBe(1);
    expect(result.tr_diagram_status.summaryHealthStatus).toBe(1);
  });

  it('gives no diagnosis when a gas has no series, and names it', async () => {
    const result = await service({ gases: ['ch4', 'c2h4'] }).service.dgaResult({
      modelId: TX,
      sensorType: 'main_tank',
    });
    expect(result).toMatchObject({
      ch4_level_cal: null,
      point: null,
      new_result: { zone: null, description: 'No diagnosis: c2h2 has no sample.' },
    });
  });

  it('fills the panels, apparent power from the rated power and the diagram badges', async () => {
    const result = await service().service.summaryStatus(TX);
    expect(result.j.map((item) => [item.tagCode, item.value, item.status])).toEqual([
      ['ch4', 30, 0],
      ['c2h4', 60, 1],
      ['c2h2', 10, 0],
    ]);
    // Load factor 50 % of 2 MVA = 1,000,000 VA.
    expect(result.a.map((item) => [item.tagCode, item.value, item.subValue])).toEqual([
      ['consumption_load_percen', 50, 1_000_000],
      ['consumption_apparent_power_va', 1_000_000, null],
    ]);
    // Only panel J has sensors: its worst status 1; the main tank's DGA badge H says what its panel says (zone T3,
    // at least a warning); every other badge offline (-1).
    expect(result.tr_diagram_status).toEqual({
      cw: -1,
      d: -1,
      i: -1,
      j: 1,
      f: -1,
      co: -1,
      g: -1,
      e: -1,
      h: 1,
      summaryHealthStatus: 1,
    });
    expect(result.dga.main_tank.zone).toBe('T3');
    // The OLTC gases have no series.
    expect(result.dga.oltc).toMatchObject({
      zone: null,
      description: 'No diagnosis: oltc_ch4 has no sample.',
    });
  });

  it('computes losses P0 + Pk·K² per point and the summary from the stored sums', async () => {
    const { service: tr, calls } = service();
    const result = await tr.losses({ modelId: TX, ...range, width: 100 });
    // K 0.5: 100·0.25 = 25 kW load, 35 kW total; K 1: 100 and 110 kW. Mean: 10 + 100·0.625 = 72.5 kW.
    expect(result).toEqual({
      noLoadLossKw: 10,
      ratedLoadLossKw: 100,
      points: [
        [DAY, 0.5, 25, 35],
        [DAY + 60_000, 1, 100, 110],
      ],
      summary: { samples: 2, meanLoadFactor: 0.75, meanTotalLossKw: 72.5, energyKwh: 42 },
    });
    // The sums over the load-factor series (4) of the range, in seconds, with the rated losses.
    expect(calls).toContainEqual(['losses', 4, DAY / 1000, DAY / 1000 + 86_400, 10, 100]);
  });

  it('refuses losses without the rated losses in the configuration', async () => {
    await expect(
      service({ configuration: { no_load_loss: '10' } }).service.losses({
        modelId: TX,
        ...range,
        width: 100,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Set the no-load loss and the load loss (kW) in the configuration information first.',
    });
  });

  it('fits the least-squares baseline of tag B on tag A', async () => {
    const result = await service().service.tagResult({
      modelId: TX,
      tagA: 'ch4',
      tagB: 'c2h4',
      ...range,
      maxPoints: 100,
    });
    expect(result.pairs[1]).toEqual([DAY + 60_000, 2, 5]);
    // B = 2·A + 1 exactly.
    expect(result.baseline?.slope).toBeCloseTo(2, 9);
    expect(result.baseline?.intercept).toBeCloseTo(1, 9);
    await expect(
      service().service.tagResult({ modelId: TX, tagA: 'ch4', tagB: 'oil', ...range, maxPoints: 100 }),
    ).rejects.toMatchObject({ status: 404, message: 'This model has no series oil.' });
  });

  it('answers 404 for an unknown model, 400 for another type and for a reversed range', async () => {
    const { service: tr } = service();
    await expect(tr.loci('00000000-0000-4000-8000-00000000ffff')).rejects.toMatchObject({ status: 404 });
    await expect(tr.qSettings(MOTOR)).rejects.toMatchObject({
      status: 400,
      message: 'This call is for transformer models (type 1); this model is type 2.',
    });
    await expect(
      tr.dgaRaw({
        modelId: TX,
        sensorType: 'main_tank',
        startDate: range.endDate,
        endDate: range.startDate,
        maxPoints: 10,
      }),
    ).rejects.toMatchObject({ status: 400, message: 'endDate must be after startDate.' });
  });

  it('summarises any model from its row', async () => {
    expect(await service().service.modelSummary(TX)).toEqual({
      id: TX,
      modelCode: 'TX9',
      modelName: 'Transformer 9',
      modelTypeId: 1,
      isActive: true,
      status: 1,
      openFaultEvents: 3,
      alarmSince: new Date(DAY / 2).toISOString(),
      lastDataAt: new Date(DAY).toISOString(),
    });
    await expect(service().service.modelSummary(MOTOR)).rejects.toMatchObject({ status: 404 });
  });
});
