import type { OverallStatusRow } from '@sdp/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { phoneScreen } from '../../../testing/phone-screen.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { ModelStatusTable } from './model-status-table.tsx';

const row: OverallStatusRow = {
  model_id: '00000000-0000-4000-8000-0000000000a1',
  model_name: 'Cooling tower fan 3',
  model_code: 'CT3',
  model_type_id: 4,
  equipment_id: '00000000-0000-4000-8000-0000000000e1',
  equipment_name: 'CT-3',
  equipment_alias: null,
  isActive: true,
  status: 2,
  alarmSince: '2026-11-20T00:00:00.000Z',
  lastDataAt: '2026-11-21T00:00:00.000Z',
};

function renderTable() {
  stubServer({ 'GET /api/v1/model_summary/overall_status': { status: 200, body: [row] } });
  renderPage(
    <ModelStatusTable
      companyId="c1"
      timeZone="Asia/Bangkok"
      view={{ status: 'all', sort: 'status', dir: 'desc' }}
      onViewChange={vi.fn()}
    />,
    { path: '/company/:id', at: '/company/c1', me: testMe() },
  );
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ModelStatusTable', () => {
  it('shows every column on a wide screen', async () => {
    renderTable();
    await screen.findByRole('link', { name: 'Cooling tower fan 3' });
    expect(headers()).toEqual(['Equipment', 'Model', 'Model type', 'Status', 'In alarm since', 'Last data']);
  });

  it('keeps status, what and since when on a phone, with the equipment and type under the model (issue 27.3)', async () => {
    phoneScreen();
    renderTable();
    const link = await screen.findByRole('link', { name: 'Cooling tower fan 3' });
    expect(headers()).toEqual(['Status', 'Model', 'In alarm since']);
    const cells = within(link.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells[0]?.textContent).toBe('Alarm');
    expect(cells[1]?.textContent).toBe('Cooling tower fan 3CT-3 · EVS');
    expect(cells[2]?.textContent).toContain('Last data: ');
  });
});
