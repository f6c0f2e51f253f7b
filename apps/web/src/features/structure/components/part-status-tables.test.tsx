import type { McaOverallStatusRow, Overview } from '@sdp/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { PartStatusTables } from './part-status-tables.tsx';

const equipment = (id: string, typeIds: number[]) => ({
  id,
  equipmentTitleName: id,
  structureItemAlias: null,
  equipmentGroupType: 'rotating',
  status: 0,
  posLat: null,
  posLng: null,
  path: ['PLANT', id],
  models: typeIds.map((typeId, index) => ({
    id: `${id}-${index}`,
    title: `${id} model ${index}`,
    status: 0,
    equipmentModelTypeId: typeId,
  })),
});
const overview = {
  allModel: 3,
  allNormalModel: 3,
  allWarningModel: 0,
  allAlarmModel: 0,
  allStopModel: 0,
  allEquipmentReportJson: [equipment('P101', [2]), equipment('P102', [2, 5])],
} as unknown as Overview;
const mcaRow = (name: string): McaOverallStatusRow => ({
  equipment_name: name,
  model_id: `00000000-0000-4000-8000-0000000000${name.slice(-2)}`,
  model_name: `${name} motor`,
  airgapStatus: 0,
  bearingStatus: 0,
  rotorStatus: 2,
  statorStatus: 0,
  terminalBoxStatus: 0,
  overAllStatus: 2,
});

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the MCA and VCA overall status tables', () => {
  it('stand at their size while their rows load, one placeholder row per model the dashboard counts', async () => {
    let answerMca: (rows: McaOverallStatusRow[]) => void = () => undefined;
    const mca = new Promise<McaOverallStatusRow[]>((resolve) => {
      answerMca = resolve;
    });
    vi.stubGlobal('fetch', async (input: string) => {
      const path = new URL(input, 'http://sdp.test').pathname;
      const body = path.endsWith('/dashboard') ? overview : path.endsWith('/mca') ? await mca : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage(<PartStatusTables companyId="c1" />, {
      path: '/company/:id',
      at: '/company/c1',
      me: testMe(),
    });
    const table = await screen.findByRole('table', { name: 'MCA overall status' });
    // The header row and two placeholders: P101 and P102 each have an MCA model.
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryByRole('link')).toBeNull();
    // No VCA model on the dashboard: no VCA table, neither while loading nor after.
    expect(screen.queryByRole('table', { name: 'VCA overall status' })).toBeNull();
    answerMca([mcaRow('P101'), mcaRow('P102')]);
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(2));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('table', { name: 'VCA overall status' })).toBeNull();
  });
});
