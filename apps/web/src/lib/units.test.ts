import { describe, expect, it } from 'vitest';
import { displayUnit } from './units.ts';

describe('displayUnit', () => {
  it('shows Celsius as ℃ and m3/h as m³/h', () => {
    expect(displayUnit('°C')).toBe('℃');
    expect(displayUnit('m3/h')).toBe('m³/h');
  });

  it('leaves other units as they are', () => {
    expect(displayUnit('mm/s')).toBe('mm/s');
    expect(displayUnit('')).toBe('');
  });
});
