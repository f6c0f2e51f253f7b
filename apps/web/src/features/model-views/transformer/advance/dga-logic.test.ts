import { describe, expect, it } from 'vitest';
import { nowTyped, parseGases, typedDateTimeToIso } from './dga-logic.ts';

describe('DGA calculator inputs', () => {
  it('needs all three gases, each a number of 0 ppm or more', () => {
    expect(parseGases({ ch4: '120', c2h4: '80.5', c2h2: '0' })).toEqual({ ch4: 120, c2h4: 80.5, c2h2: 0 });
    expect(parseGases({ ch4: '120', c2h4: '', c2h2: '1' })).toBeUndefined();
    expect(parseGases({ ch4: '120', c2h4: 'abc', c2h2: '1' })).toBeUndefined();
    expect(parseGases({ ch4: '-1', c2h4: '2', c2h2: '1' })).toBeUndefined();
  });

  it('reads the typed DD/MM/YYYY and HH:mm in the company zone, not the browser one', () => {
    expect(typedDateTimeToIso('01/11/2026', '07:00', 'Asia/Bangkok')).toBe('2026-11-01T00:00:00.000Z');
    expect(typedDateTimeToIso(' 01/11/2026', '23:59 ', 'Asia/Bangkok')).toBe('2026-11-01T16:59:00.000Z');
    expect(typedDateTimeToIso('01/11/2026', '', 'Asia/Bangkok')).toBeUndefined();
    expect(typedDateTimeToIso('01/11/2026', '24:00', 'Asia/Bangkok')).toBeUndefined();
    expect(typedDateTimeToIso('01/11/2026', '7:00', 'Asia/Bangkok')).toBeUndefined();
    expect(typedDateTimeToIso('31/02/2026', '07:00', 'Asia/Bangkok')).toBeUndefined();
    expect(typedDateTimeToIso('2026-11-01', '07:00', 'Asia/Bangkok')).toBeUndefined();
    expect(nowTyped(new Date('2026-11-01T00:00:00Z'), 'Asia/Bangkok')).toEqual({
      day: '01/11/2026',
      time: '07:00',
    });
  });
});
