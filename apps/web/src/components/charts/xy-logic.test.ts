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

  it('zooms inside on both axes, and with a slider under the x axis when asked (MCA time domain, issue 27.1)', () => {
    const axes = { x: { name: 'Time', unit: 's' }, y: { name: 'Current', unit: 'A' }, timeZone: 'UTC' };
    const line = [{ name: 'Ia', kind: 'line' as const, color: '#D9263B', points: [[0, 1] as const] }];
    type Zoom = { type: string; xAxisIndex?: number; yAxisIndex?: number };
    const plain = buildXyOption(line, axes).dataZoom as Zoom[];
    expect(plain.map((zoom) => zoom.type)).toEqual(['inside', 'inside']);
    const option = buildXyOption(line, { ...axes, slider: true });
    const zoom = option.dataZoom as Zoom[];
    expect(zoom).toContainEqual(expect.objectContaining({ type: 'inside', xAxisIndex: 0 }));
    expect(zoom).toContainEqual(expect.objectContaining({ type: 'inside', yAxisIndex: 0 }));
    expect(zoom).toContainEqual(expect.objectContaining({ type: 'slider', xAxisIndex: 0 }));
    // The slider gets room under the x axis name.
    expect((option.grid as { bottom: number }).bottom).toBeGreaterThan(
      (buildXyOption(line, axes).grid as { bottom: number }).bottom,
    );
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
