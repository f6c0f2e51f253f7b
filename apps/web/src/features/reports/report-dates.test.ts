import { describe, expect, it } from 'vitest';
import { latestEnd, reportDateProblems, reportRange } from './report-dates.ts';

const now = new Date('2026-11-24T03:00:00Z'); // 10:00 on 24 November in Bangkok
const zone = 'Asia/Bangkok';

describe('Customize Report dates (spec 03 §5)', () => {
  it('needs both dates, refuses the future and days after the 28th', () => {
    expect(reportDateProblems('', '', zone, now)).toEqual({ start: 'required', end: 'required' });
    expect(reportDateProblems('2026-11-25', '2026-11-25', zone, now).start).toBe('future');
    expect(reportDateProblems('2026-10-29', '2026-11-02', zone, now).start).toBe('afterDay28');
    expect(reportDateProblems('2026-10-20', '2026-10-30', zone, now).end).toBe('afterDay28');
  });

  it('refuses an end before the start and a range over 31 days', () => {
    expect(reportDateProblems('2026-11-10', '2026-11-05', zone, now).end).toBe('beforeStart');
    expect(reportDateProblems('2026-10-01', '2026-11-01', zone, now).end).toBe('tooLong');
    expect(reportDateProblems('2026-10-01', '2026-10-28', zone, now)).toEqual({ start: null, end: null });
    expect(reportDateProblems('2026-10-25', '2026-11-24', zone, now)).toEqual({ start: null, end: null });
  });

  it('sends the start of the first day and the end of the last day in the company zone', () => {
    expect(reportRange('2026-11-01', '2026-11-05', zone)).toEqual({
      start: '2026-10-31T17:00:00.000Z',
      end: '2026-11-05T16:59:59.999Z',
    });
  });

  it('offers an end at most 30 days after the start and never after today', () => {
    expect(latestEnd('2026-10-01', zone, now)).toBe('2026-10-31');
    expect(latestEnd('2026-11-10', zone, now)).toBe('2026-11-24');
  });
});
