import type { Overview, Permission } from '@sdp/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { OverviewSection } from './overview-section.tsx';

const empty: Overview = {
  allModel: 0,
  allNormalModel: 0,
  allWarningModel: 0,
  allAlarmModel: 0,
  allStopModel: 0,
  allEquipmentReportJson: [],
};

function renderOverview(permissions: Permission[]) {
  stubServer({ 'GET /api/v1/companies/c1/dashboard': { status: 200, body: empty } });
  renderPage(<OverviewSection companyId="c1" folderId={null} />, {
    path: '/company/:id',
    at: '/company/c1',
    me: testMe({ permissions }),
  });
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OverviewSection', () => {
  it('tells a member with no equipment assigned so, instead of an empty plant', async () => {
    renderOverview(['ViewCompany']);
    expect(await screen.findByText('No equipment is assigned to you yet.')).toBeTruthy();
    expect(screen.queryByText('There is no equipment here yet.')).toBeNull();
  });

  it('shows an owner the empty plant', async () => {
    renderOverview(['ViewCompany', 'ViewAllEquipment']);
    expect(await screen.findByText('There is no equipment here yet.')).toBeTruthy();
    expect(screen.queryByText('No equipment is assigned to you yet.')).toBeNull();
  });
});
