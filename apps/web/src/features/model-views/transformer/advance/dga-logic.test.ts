import { describe, expect, it } from 'vitest';
import { localDateTimeToIso, nowLocalDateTime, parseGases } from './dga-logic.ts';

describe('DGA calculator inputs', () => {
  it('needs all three gases, each a number of 0 ppm or more', () => {
    expect(parseGases({ ch4: '120', c2h4: '80.5', c2h2: '0' })).toEqual({ ch4: 120, c2h4: 80.5, c2h2: 0 });
    expect(parseGases({ ch4: '120', c2h4: '', c2h2: '1' })).toBeUndefined();
    expect(parseGases({ ch4: '120', c2h4: 'abc', c2h2: '1' })).toBeUndefined();
    expect(parseGases({ ch4: '-1', c2h4: '2', c2h2: '1' })).toBeUndefined();
  });

  it('reads the date and time in the company zone, not the browser one', () => {
    expect(localDateTimeToIso('2026-11-01T07:00', 'Asia/Bangkok')).toBe('2026-11-01T00:00:00.000Z');
    expect(localDateTimeToIso('2026-11-01', 'Asia/Bangkok')).toBeUndefined();
    expect(nowLocalDateTime(new Date('2026-11-01T00:00:00Z'), 'Asia/Bangkok')).toBe('2026-11-01T07:00');
  });
});
