import type { Overview } from '@sdp/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { CompanyPage } from './company-page.tsx';

const overview: Overview = {
  allModel: 0,
  allNormalModel: 0,
  allWarningModel: 0,
  allAlarmModel: 0,
  allStopModel: 0,
  allEquipmentReportJson: [],
};

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CompanyPage', () => {
  it('shows the map and the alarm precision only once the model table above them has its rows (issue 29: layout shift)', async () => {
    stubServer({
      'GET /api/v1/companies/c1/dashboard': { status: 200, body: overview },
      'GET /api/v1/model_summary/overall_status': { status: 200, body: [] },
      'GET /api/v1/model_summary/overall_status/mca': { status: 200, body: [] },
      'GET /api/v1/model_summary/overall_status/vca': { status: 200, body: [] },
      'GET /api/v1/fault-events/precision': { status: 404, body: { detail: 'Not found' } },
    });
    // The model table's answer waits until the test lets it through.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.startsWith('/api/v1/model_summary/overall_status?')) await held;
      return stubbed(input, init);
    });
    renderPage(<CompanyPage />, {
      path: '/company/:id',
      at: '/company/c1',
      me: testMe({ permissions: ['ViewCompany', 'ViewAllEquipment'] }),
    });

    // The dashboard's counts are in, the model table still loads: nothing is drawn below it yet.
    expect(await screen.findByRole('list', { name: 'Models by status' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Map' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Alarm precision' })).toBeNull();

    answer();
    expect(await screen.findByRole('heading', { name: 'Map' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Alarm precision' })).toBeTruthy();
  });
});
