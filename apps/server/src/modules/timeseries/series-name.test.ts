import { describe, expect, it } from 'vitest';
import { seriesName } from './series-name.ts';

describe('seriesName', () => {
  it("is the sensor type's name when the master data has one", () => {
    expect(seriesName('load_current_a', 'Load current phase A')).toBe('Load current phase A');
  });

  it('spells out a computed tag: sensor id kept, words capitalised, axes upper-cased', () => {
    expect(seriesName('FAN1-DRN.acceleration', null)).toBe('FAN1-DRN Acceleration');
    expect(seriesName('S1.velocity.x', undefined)).toBe('S1 Velocity X');
    expect(seriesName('thdi.IA', null)).toBe('THDi IA');
    expect(seriesName('broken_rotor_bar.IB', null)).toBe('Broken rotor bar IB');
    expect(seriesName('top_oil_temperature', null)).toBe('Top oil temperature');
  });
});
