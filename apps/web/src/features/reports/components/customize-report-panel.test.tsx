import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { CustomizeReportPanel } from './customize-report-panel.tsx';

const FAILED = 'An error occurred while loading the report. Please try again.';
const PDF = '/api/v1/companies/c1/online-report/pdf';

function renderPanel() {
  renderPage(
    <CustomizeReportPanel companyId="c1" modelId="m1" modelCode="MCA-01" timeZone="Asia/Bangkok" />,
    {
      path: '/company/:id/model/:modelId',
      at: '/company/c1/model/m1',
      me: testMe(),
    },
  );
  // Typed as every date field of the portal takes it, DD/MM/YYYY (issue 27 item 5).
  fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '05/01/2026' } });
  fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '20/01/2026' } });
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CustomizeReportPanel failure (spec 03 §8)', () => {
  it('tells a failed report in a popup that closes by itself, and keeps a Retry that tries again', async () => {
    let answer = { status: 500, body: { detail: 'Rendering failed' } as object };
    const calls = stubServer({ [`GET ${PDF}`]: () => answer });
    renderPanel();

    fireEvent.click(screen.getByRole('button', { name: 'Preview Report' }));
    expect(await screen.findByText(FAILED)).toBeTruthy();
    // 1.5 s, not the 4 s of other alerts: gone well before 4 s.
    await waitFor(() => expect(screen.queryByText(FAILED)).toBeNull(), { timeout: 3000 });
    expect(screen.queryByTitle('Report preview')).toBeNull();

    answer = { status: 200, body: { url: '/api/v1/files/reports/r1.pdf' } };
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTitle('Report preview')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(calls.filter((call) => call.path === PDF)).toHaveLength(2);
  });

  it('treats an answer without a url as a failure', async () => {
    stubServer({ [`GET ${PDF}`]: { status: 200, body: {} } });
    renderPanel();

    fireEvent.click(screen.getByRole('button', { name: 'Preview Report' }));
    expect(await screen.findByText(FAILED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export PDF' })).toBeNull();
  });
});
