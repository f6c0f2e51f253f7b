import type { TrSummaryStatus } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import {
  dgaRows,
  gasLabel,
  type PanelItem,
  panelStatus,
  splitThermal,
  statusOfColour,
  thermometerFill,
  thermometerTicks,
  windingLabel,
} from './panel-logic.ts';

const item = (tagCode: string, over: Partial<PanelItem> = {}): PanelItem => ({
  name: tagCode,
  tagCode,
  status: 0,
  value: 10,
  warning: null,
  alarm: null,
  unit: '',
  subValue: null,
  subUnit: null,
  timestamp: null,
  direction: 'high',
  ...over,
});

describe('panel C', () => {
  const items = [
    item('top_oil_temperature', { unit: '°C', value: 60, warning: 90, alarm: 100 }),
    item('accessory_oil_level', { unit: '%', value: 55, warning: 30, alarm: 20, direction: 'low' }),
    item('moisture_in_oil', { unit: 'ppm' }),
  ];

  it('draws temperatures as thermometers, the oil level as a bar, the rest as rows', () => {
    const split = splitThermal(items);
    expect(split.thermometers.map((i) => i.tagCode)).toEqual(['top_oil_temperature']);
    expect(split.oilLevel.map((i) => i.tagCode)).toEqual(['accessory_oil_level']);
    expect(split.rows.map((i) => i.tagCode)).toEqual(['moisture_in_oil']);
  });

  it('fills a thermometer to the value on 0 … 1.2 × alarm, with ticks at the limits', () => {
    const [oil] = items;
    expect(thermometerFill(oil!)).toBeCloseTo(60 / 120, 9);
    expect(thermometerFill({ ...oil!, value: 150 })).toBe(1);
    expect(thermometerFill({ ...oil!, status: -1 })).toBe(0);
    const ticks = thermometerTicks(oil!);
    expect(ticks.map((t) => [t.kind, t.share])).toEqual([
      ['warning', 0.75],
      ['alarm', 100 / 120],
    ]);
  });
});

describe('panel statuses and labels', () => {
  const summary = {
    g: [item('fan_current', { status: 1 }), item('cooling_efficiency', { status: 0 })],
    j: [item('oltc_operations', { status: -1 })],
    h: [item('c2h4', { status: 0 }), item('ch4', { status: 0 }), item('h2'), item('c2h2', { status: 0 })],
    dga: {
      main_tank: { zone: 'T2', description: '', colorCode: '#D9263B', timeStamp: null },
      oltc: { zone: null, description: '', colorCode: '#9E9E9E', timeStamp: null },
    },
  } as unknown as TrSummaryStatus;

  it('takes the worst item (G warning), offline without data (J), and the DGA zone colour (H alarm)', () => {
    expect(panelStatus(summary, 'g')).toBe(1);
    expect(panelStatus(summary, 'j')).toBe(-1);
    expect(panelStatus(summary, 'h')).toBe(2);
    expect(statusOfColour('#4caf50')).toBe(0);
    expect(statusOfColour('#FCA239')).toBe(1);
    expect(statusOfColour('#9E9E9E')).toBe(-1);
  });

  it('lists the Duval gases first and writes formulas with subscripts', () => {
    expect(dgaRows(summary.h).map((i) => i.tagCode)).toEqual(['ch4', 'c2h4', 'c2h2', 'h2']);
    expect(gasLabel('oltc_c2h4')).toBe('C₂H₄');
    expect(gasLabel('co2')).toBe('CO₂');
    expect(gasLabel('tdcg')).toBe('TDCG');
    expect(windingLabel({ ...item('locus_sum_b'), phase: 'B' })).toBe('B');
  });
});
