import { describe, expect, it } from 'vitest';
import { buildXyOption, xyTooltip } from './xy-logic.ts';

describe('x–y chart logic', () => {
  it('names both axes with their units and keeps one series per curve', () => {
    const option = buildXyOption(
      [
        { name: 'Reference', kind: 'line', color: '#000', dashed: true, points: [[0, 1]] },
        { name: 'Present', kind: 'scatter', color: '#f00', points: [[1, 2, 3]] },
      ],
      { x: { name: 'Current', unit: 'A' }, y: { name: 'Voltage drop', unit: 'V' }, timeZone: 'Asia/Bangkok' },
    );
    expect((option.xAxis as { name: string }).name).toBe('Current (A)');
    expect((option.yAxis as { name: string }).name).toBe('Voltage drop (V)');
    const series = option.series as { type: string; data: number[][] }[];
    expect(series.map((one) => one.type)).toEqual(['line', 'scatter']);
    expect(series[1]?.data).toEqual([[1, 2, 3]]);
  });

  it('tells the time of a point in the company zone when it has one', () => {
    const text = xyTooltip(
      { name: 'Samples' },
      [12.5, 70.25, Date.UTC(2026, 0, 1, 17, 30)],
      { name: 'load_factor', unit: '%' },
      { name: 'top_oil', unit: '°C' },
      'Asia/Bangkok',
    );
    expect(text).toContain('02/01/2026 00:30');
    expect(text).toContain('load_factor: 12.50 %');
    expect(text).toContain('top_oil: 70.25 °C');
  });
});
