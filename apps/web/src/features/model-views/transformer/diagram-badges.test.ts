import { describe, expect, it } from 'vitest';
import { badgeStatuses, DIAGRAM_BADGES } from './diagram-badges.ts';

describe('badgeStatuses', () => {
  it('gives the nine badges of spec 02 §2.4 their part status; unknown codes read as normal', () => {
    const result = badgeStatuses({
      cw: 0,
      d: 1,
      i: 2,
      j: -1,
      f: 0,
      co: 7,
      g: -2,
      e: 0,
      h: 2,
      summaryHealthStatus: 2,
    });
    expect(result.map(({ badge, status }) => `${badge.label}:${status}`)).toEqual([
      'Cw:0',
      'D:1',
      'I:2',
      'J:-1',
      'F:0',
      'Co:0',
      'G:-2',
      'E:0',
      'H:2',
    ]);
  });
  it('places every badge inside the picture', () => {
    for (const badge of DIAGRAM_BADGES) {
      expect(badge.x).toBeGreaterThan(15);
      expect(badge.x).toBeLessThan(385);
      expect(badge.y).toBeGreaterThan(15);
      expect(badge.y).toBeLessThan(245);
    }
  });
});
