import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { BulkActionDialog } from './bulk-action-dialog.tsx';

const MODEL = '00000000-0000-4000-8000-0000000000a1';

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the outcome of a Done (issue 25 item 5)', () => {
  it('is required, a confirmed fault needs the failure mode found, and the request carries both', async () => {
    const calls = stubServer({
      'GET /api/v1/fault-event/members': { status: 200, body: { items: [] } },
      'POST /api/v1/fault-event/bulk': { status: 200, body: { changed: [], items: [] } },
    });
    const onDone = vi.fn();
    renderPage(
      <BulkActionDialog
        target={{ action: 'done', ids: [7], modelIds: [MODEL] }}
        onClose={() => {}}
        onDone={onDone}
      />,
      { path: '/', at: '/', me: testMe() },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark 1 fault event done' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Replaced' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByText('* Outcome is required')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Outcome/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fault confirmed' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByText('* Failure mode found is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Failure mode found/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bearing' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      action: 'done',
      fault_event_ids: [7],
      comment: 'Replaced',
      outcome: 'fault_confirmed',
      failure_mode: 'bearing',
    });
  });
});
