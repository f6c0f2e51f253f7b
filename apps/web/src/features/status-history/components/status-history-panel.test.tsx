import type { StatusHistory } from '@sdp/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { dayCounts, lastDays } from './status-history-logic.ts';
import { StatusHistoryPanel } from './status-history-panel.tsx';

const MODEL = '00000000-0000-4000-8000-0000000000a1';
const answer: StatusHistory = {
  status: 2,
  alarmSince: '2026-11-22T07:00:00.000Z',
  timeZone: 'Asia/Bangkok',
  days: [
    { day: '2026-11-20', status: null },
    { day: '2026-11-21', status: 0 },
    { day: '2026-11-22', status: 2 },
    { day: '2026-11-23', status: 1 },
    { day: '2026-11-24', status: -1 },
  ],
  changes: [],
  truncated: false,
};

let i18n: ReturnType<typeof initI18n>;
beforeAll(() => {
  i18n = initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the status history of the model page (issue 26 items 1 and 4)', () => {
  it('counts the days as the report does, and colours one cell per day', async () => {
    const calls = stubServer({
      [`GET /api/v1/equipment-models/${MODEL}/status-history`]: { status: 200, body: answer },
    });
    renderPage(<StatusHistoryPanel modelId={MODEL} timeZone="Asia/Bangkok" />, {
      path: '/',
      at: '/',
      me: testMe(),
    });
    const panel = await screen.findByRole('region', { name: 'Status history' });
    expect(
      await within(panel).findByText('Days in alarm: 1 · in warning: 1 · normal: 1 · without data: 2'),
    ).toBeTruthy();
    const days = within(within(panel).getByRole('list', { name: 'Status of each day' })).getAllByRole(
      'listitem',
    );
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual([
      '20 Nov 2026: No status recorded',
      '21 Nov 2026: Normal',
      '22 Nov 2026: Alarm',
      '23 Nov 2026: Warning',
      '24 Nov 2026: Offline',
    ]);
    // The last 30 days of the company's zone: from a Bangkok midnight.
    const from = calls[0]?.search.get('from') ?? '';
    expect(new Date(Date.parse(from) + 7 * 3_600_000).toISOString().slice(11, 19)).toBe('00:00:00');
  });

  it('reads in Thai', async () => {
    await i18n.changeLanguage('th');
    stubServer({ [`GET /api/v1/equipment-models/${MODEL}/status-history`]: { status: 200, body: answer } });
    renderPage(<StatusHistoryPanel modelId={MODEL} timeZone="Asia/Bangkok" />, {
      path: '/',
      at: '/',
      me: testMe(),
    });
    const panel = await screen.findByRole('region', { name: 'ประวัติสถานะ' });
    expect(await within(panel).findByText(/จำนวนวันที่อันตราย: 1/)).toBeTruthy();
  });
});

describe('lastDays and dayCounts', () => {
  it('start 29 days before today’s local midnight, and count null and offline days as without data', () => {
    const now = Date.parse('2026-11-27T20:00:00Z'); // 28 Nov 03:00 in Bangkok
    expect(lastDays(now, 'Asia/Bangkok')).toEqual({
      from: '2026-10-29T17:00:00.000Z',
      to: '2026-11-27T20:00:00.000Z',
    });
    expect(dayCounts(answer.days)).toEqual({ alarm: 1, warning: 1, normal: 1, none: 2 });
  });
});
