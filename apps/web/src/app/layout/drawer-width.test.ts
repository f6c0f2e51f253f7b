import { describe, expect, it } from 'vitest';
import { clampDrawerWidth } from './drawer-width.ts';

describe('clampDrawerWidth', () => {
  it('keeps the drawer between 300 and 480 px', () => {
    expect(clampDrawerWidth(120)).toBe(300);
    expect(clampDrawerWidth(350.4)).toBe(350);
    expect(clampDrawerWidth(900)).toBe(480);
  });
});
