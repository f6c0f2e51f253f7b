import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { EventLifecycleNote, reminderText, StillActiveWarning, stillActiveOf } from './event-lifecycle.tsx';

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  setLanguage('en');
});

const open = {
  occurrences: 1,
  lastValue: null,
  lastAt: null,
  reopenedFrom: null,
  escalationStage: 0,
  escalation: { firstReminderAt: '2026-11-21T20:00:00.000Z', state: 'pending' as const },
  stillActive: null,
  isDone: false,
};

describe('Done on a condition that still holds (issue 26 item 1)', () => {
  it('warns with the value against the limit and what happens next, for each event', () => {
    const entries = stillActiveOf([
      { id: 12, stillActive: { value: 22.81, limit: 20, unit: 'm/s²', above: true } },
      { id: 13, stillActive: null },
      { id: 14, stillActive: { value: 0.42, limit: 1, unit: 'MΩ', above: false } },
    ]);
    expect(entries.map((entry) => entry.id)).toEqual([12, 14]);
    render(<StillActiveWarning entries={entries} />);
    expect(
      screen.getByText(
        'Fault event #12 is still above its limit: 22.8 > 20 m/s²; a new event opens at the next evaluation unless the limit or the machine changes.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Fault event #14 is still below its limit: 0.42 < 1 MΩ/)).toBeTruthy();
    expect(screen.getByText('Save marks it done anyway.')).toBeTruthy();
  });

  it('shows nothing when no condition holds, and the server’s own reason when it found one', () => {
    const { container } = render(<StillActiveWarning entries={[]} />);
    expect(container.textContent).toBe('');
    cleanup();
    render(
      <StillActiveWarning entries={[]} serverDetail="Fault event 9 is still above its limit: 900 > 700." />,
    );
    expect(screen.getByText('Fault event 9 is still above its limit: 900 > 700.')).toBeTruthy();
  });

  it('says it in Thai', () => {
    setLanguage('th');
    render(
      <StillActiveWarning
        entries={[{ id: 12, condition: { value: 22.8, limit: 20, unit: 'm/s²', above: true } }]}
      />,
    );
    expect(screen.getByText(/เหตุการณ์ความผิดปกติ #12 ยังสูงกว่าขีดจำกัด: 22.8 > 20 m\/s²/)).toBeTruthy();
  });
});

describe('Done on a Duval zone that still holds (issue 26 item 8)', () => {
  it('names the zone and the share of the gases instead of a limit', () => {
    render(
      <StillActiveWarning
        entries={[{ id: 7, condition: { value: 20, limit: null, unit: '%', above: true, zone: 'D2' } }]}
      />,
    );
    expect(
      screen.getByText(
        'Fault event #7 is still in Duval zone D2 (20 % of the three gases); a new event opens at the next evaluation unless the gases leave the zone.',
      ),
    ).toBeTruthy();
  });
});

describe('Repeats, reopening and escalation on an event (issue 26 items 1 and 6)', () => {
  it('shows how often it crossed with the last value and time, the event it continues, and who was reminded', () => {
    render(
      <EventLifecycleNote
        event={{
          ...open,
          occurrences: 3,
          lastValue: 7.123,
          lastAt: '2026-11-21T16:00:00.000Z',
          reopenedFrom: 41,
          escalationStage: 2,
        }}
        timeZone="Asia/Bangkok"
      />,
    );
    expect(screen.getByText('×3 · last 7.12 at 21 Nov 2026, 23:00')).toBeTruthy();
    expect(screen.getByText('Continues #41, closed while still active')).toBeTruthy();
    expect(screen.getByText('Not acknowledged: owners reminded')).toBeTruthy();
  });

  it('adds nothing to an event that opened once and was never escalated', () => {
    const { container } = render(<EventLifecycleNote event={open} timeZone="Asia/Bangkok" />);
    expect(container.textContent).toBe('');
  });
});

describe('Where the reminder of an unacknowledged event stands (issue 26 item 6)', () => {
  const at = (state: 'pending' | 'reminded' | 'not_reminded_late' | 'acknowledged') => ({
    escalation: { firstReminderAt: '2026-11-21T20:00:00.000Z', state },
    escalatedAt: state === 'reminded' ? '2026-11-21T20:01:00.000Z' : null,
  });

  it('says in words when it is due, when it was sent, and why it was not sent, in English and Thai', () => {
    const t = i18n.t.bind(i18n);
    expect(reminderText(at('pending'), 'Asia/Bangkok', t)).toBe(
      'Due at 22 Nov 2026, 03:00 unless acknowledged first',
    );
    expect(reminderText(at('reminded'), 'Asia/Bangkok', t)).toBe(
      'Sent at 22 Nov 2026, 03:01: not acknowledged within its time',
    );
    expect(reminderText(at('acknowledged'), 'Asia/Bangkok', t)).toBe('Not needed: acknowledged');
    expect(reminderText(at('not_reminded_late'), 'Asia/Bangkok', t)).toBe(
      'Not reminded: it arrived after its reminder time (22 Nov 2026, 03:00)',
    );
    setLanguage('th');
    expect(reminderText(at('not_reminded_late'), 'Asia/Bangkok', i18n.t.bind(i18n))).toMatch(
      /^ไม่ได้เตือน: เหตุการณ์มาถึงหลังเวลาเตือน/,
    );
  });

  it('marks an open event that arrived late in the tables, and not once it is done', () => {
    render(<EventLifecycleNote event={{ ...open, ...at('not_reminded_late') }} timeZone="Asia/Bangkok" />);
    expect(screen.getByText('Not reminded: arrived late')).toBeTruthy();
    cleanup();
    const { container } = render(
      <EventLifecycleNote
        event={{ ...open, ...at('not_reminded_late'), isDone: true }}
        timeZone="Asia/Bangkok"
      />,
    );
    expect(container.textContent).toBe('');
  });
});
