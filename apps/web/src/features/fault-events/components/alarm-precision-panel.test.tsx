import type { AlarmPrecision } from '@sdp/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { AlarmPrecisionPanel } from './alarm-precision-panel.tsx';

const MODEL = '00000000-0000-4000-8000-0000000000a1';
const figures = {
  closed: 5,
  confirmed: 3,
  noFault: 1,
  planned: 1,
  other: 0,
  precision: 0.6,
  warnedFirst: 2,
  medianLeadDays: 10,
};
const answer: AlarmPrecision = {
  from: null,
  to: null,
  total: figures,
  models: [{ ...figures, modelId: MODEL, modelName: 'Pump P101', modelCode: 'RVS-P101' }],
  failureModes: [
    { ...figures, confirmed: 2, precision: 0.4, failureMode: 'bearing' },
    {
      ...figures,
      confirmed: 1,
      precision: 0.2,
      warnedFirst: 0,
      medianLeadDays: null,
      failureMode: 'unbalance',
    },
  ],
};

let i18n: ReturnType<typeof initI18n>;
beforeAll(() => {
  i18n = initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AlarmPrecisionPanel', () => {
  it("shows a model's precision, its outcomes, the faults warned first and by failure mode, with what they mean", async () => {
    const calls = stubServer({ 'GET /api/v1/fault-event/precision': { status: 200, body: answer } });
    renderPage(<AlarmPrecisionPanel scope={{ modelId: MODEL }} />, { path: '/', at: '/', me: testMe() });
    const panel = await screen.findByRole('region', { name: 'Alarm precision' });
    expect(await within(panel).findByText('60 %')).toBeTruthy();
    expect(within(panel).getByText('3 of 5 closed alarms were confirmed faults')).toBeTruthy();
    expect(within(panel).getByText('No fault found 1 · Planned maintenance 1 · Other 0')).toBeTruthy();
    expect(
      within(panel).getByText('Warned first: 2 of 3 confirmed faults, median 10 days before'),
    ).toBeTruthy();
    const modes = within(panel).getByRole('table', { name: 'By failure mode found' });
    const rows = within(modes)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Failure modeConfirmedWarned firstMedian lead (days)',
      'Bearing2210',
      'Unbalance10–',
    ]);
    // A model's panel has no table of models.
    expect(within(panel).queryByRole('table', { name: 'By model' })).toBeNull();
    expect(
      within(panel).getByText(/^Precision is the share of fault events closed with an outcome/),
    ).toBeTruthy();
    expect(calls[0]?.search.get('model_id')).toBe(MODEL);
  });

  it("shows a company's models, and says so when nothing was closed with an outcome", async () => {
    const calls = stubServer({ 'GET /api/v1/fault-events/precision': { status: 200, body: answer } });
    renderPage(<AlarmPrecisionPanel scope={{ companyId: 'c1' }} />, { path: '/', at: '/', me: testMe() });
    const models = await screen.findByRole('table', { name: 'By model' });
    expect(within(models).getAllByRole('row')[1]?.textContent).toBe('Pump P1015360 %210');
    expect(calls[0]?.search.get('company_id')).toBe('c1');
    cleanup();
    const empty = {
      ...figures,
      closed: 0,
      confirmed: 0,
      noFault: 0,
      planned: 0,
      precision: null,
      warnedFirst: 0,
      medianLeadDays: null,
    };
    stubServer({
      'GET /api/v1/fault-events/precision': {
        status: 200,
        body: { ...answer, total: empty, models: [], failureModes: [] },
      },
    });
    renderPage(<AlarmPrecisionPanel scope={{ companyId: 'c1' }} />, { path: '/', at: '/', me: testMe() });
    expect(await screen.findByText('No fault event has been closed with an outcome yet.')).toBeTruthy();
  });

  it("says 'day' for a median lead of one day and 'days' otherwise, in English and Thai", async () => {
    stubServer({
      'GET /api/v1/fault-event/precision': {
        status: 200,
        body: { ...answer, total: { ...figures, warnedFirst: 1, medianLeadDays: 1 } },
      },
    });
    renderPage(<AlarmPrecisionPanel scope={{ modelId: MODEL }} />, { path: '/', at: '/', me: testMe() });
    const panel = await screen.findByRole('region', { name: 'Alarm precision' });
    expect(
      await within(panel).findByText('Warned first: 1 of 3 confirmed faults, median 1 day before'),
    ).toBeTruthy();
    expect(within(panel).queryByText(/1 days/)).toBeNull();
    cleanup();
    stubServer({
      'GET /api/v1/fault-event/precision': {
        status: 200,
        body: { ...answer, total: { ...figures, warnedFirst: 1, medianLeadDays: 1.5 } },
      },
    });
    renderPage(<AlarmPrecisionPanel scope={{ modelId: MODEL }} />, { path: '/', at: '/', me: testMe() });
    expect(
      await screen.findByText('Warned first: 1 of 3 confirmed faults, median 1.5 days before'),
    ).toBeTruthy();
    cleanup();
    stubServer({
      'GET /api/v1/fault-event/precision': {
        status: 200,
        body: { ...answer, total: { ...figures, warnedFirst: 1, medianLeadDays: 1 } },
      },
    });
    await i18n.changeLanguage('th');
    try {
      renderPage(<AlarmPrecisionPanel scope={{ modelId: MODEL }} />, { path: '/', at: '/', me: testMe() });
      expect(await screen.findByText('มีคำเตือนก่อน: 1 จาก 3 ความผิดปกติที่ยืนยันแล้ว, ค่ามัธยฐาน 1 วันก่อน')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the panel in Thai', async () => {
    stubServer({ 'GET /api/v1/fault-event/precision': { status: 200, body: answer } });
    await i18n.changeLanguage('th');
    try {
      renderPage(<AlarmPrecisionPanel scope={{ modelId: MODEL }} />, { path: '/', at: '/', me: testMe() });
      expect(await screen.findByRole('region', { name: 'ความแม่นยำของการแจ้งเตือน' })).toBeTruthy();
      expect(await screen.findByText('แบริ่ง')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
