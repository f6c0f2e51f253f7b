import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import type { IngestKey } from '../api/get-ingest-keys.ts';
import { CompanySettingsPage } from './company-settings-page.tsx';

const KEY = 'sdp_1a2b3c4d_c2VjcmV0LW9ubHktc2hvd24tb25jZQ';

const activeKey: IngestKey = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Line 1 gateway',
  prefix: 'aaaa1111',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: '2026-01-02T03:04:00.000Z',
  revokedAt: null,
};
const revokedKey: IngestKey = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Old gateway',
  prefix: 'bbbb2222',
  createdAt: '2025-12-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: '2025-12-15T00:00:00.000Z',
};

function renderSettings() {
  const me = testMe({ permissions: ['ViewCompany', 'ManageIngestKeys'] });
  return renderPage(<CompanySettingsPage />, {
    path: '/company/:id/settings',
    at: '/company/c1/settings',
    me,
  });
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CompanySettingsPage', () => {
  it('lists the keys with their prefix and dates, and offers Revoke only for active keys', async () => {
    stubServer({ 'GET /api/v1/companies/c1/ingest-keys': { status: 200, body: [activeKey, revokedKey] } });
    renderSettings();

    const active = (await screen.findByText('Line 1 gateway')).closest('tr') as HTMLElement;
    const revoked = screen.getByText('Old gateway').closest('tr') as HTMLElement;
    expect(within(active).getByText('sdp_aaaa1111_…')).toBeTruthy();
    // Asia/Bangkok, the default zone: UTC+7.
    expect(within(active).getByText('02/01/2026 10:04')).toBeTruthy();
    expect(within(active).getByText('active')).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Revoke Line 1 gateway' })).toBeTruthy();
    expect(within(revoked).getByText('revoked')).toBeTruthy();
    expect(within(revoked).getByText('—')).toBeTruthy();
    expect(within(revoked).queryByRole('button')).toBeNull();
  });

  it('requires a name, then shows the new key once with the warning', async () => {
    let keys: IngestKey[] = [];
    const calls = stubServer({
      'GET /api/v1/companies/c1/ingest-keys': () => ({ status: 200, body: keys }),
      'POST /api/v1/companies/c1/ingest-keys': ({ body }) => {
        const created = { ...activeKey, name: (body as { name: string }).name, lastUsedAt: null };
        keys = [created];
        return { status: 201, body: { ...created, key: KEY } };
      },
    });
    renderSettings();
    await screen.findByText('No ingest keys yet.');

    fireEvent.click(screen.getByRole('button', { name: 'Create ingest key' }));
    const form = await screen.findByRole('dialog', { name: 'Create ingest key' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('* Required')).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Line 2 gateway' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Ingest key "Line 2 gateway"' });
    expect(within(shown).getByText('Copy this key now: it will not be shown again.')).toBeTruthy();
    const field = within(shown).getByRole('textbox', { name: 'Key' }) as HTMLInputElement;
    expect(field.value).toBe(KEY);
    expect(field.readOnly).toBe(true);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();
    const username = within(shown).getByRole('textbox', { name: 'MQTT username' }) as HTMLInputElement;
    expect(username.value).toBe(activeKey.id);
    expect(username.readOnly).toBe(true);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Line 2 gateway' });

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Line 2 gateway')).toBeTruthy();
    // Once the dialog is closed the key is nowhere on the page: the list only ever has its prefix.
    expect(document.body.textContent).not.toContain(KEY);
    expect(screen.getByText('sdp_aaaa1111_…')).toBeTruthy();
  });

  it('revokes a key after the confirmation', async () => {
    let keys: IngestKey[] = [activeKey];
    const calls = stubServer({
      'GET /api/v1/companies/c1/ingest-keys': () => ({ status: 200, body: keys }),
      [`DELETE /api/v1/companies/c1/ingest-keys/${activeKey.id}`]: () => {
        keys = [{ ...activeKey, revokedAt: '2026-01-03T00:00:00.000Z' }];
        return { status: 204 };
      },
    });
    renderSettings();

    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Line 1 gateway' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Line 1 gateway' })).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
