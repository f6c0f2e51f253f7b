import type { MeResponse } from '@sdp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../../features/auth/api/keys.ts';
import { initI18n } from '../../lib/i18n.ts';
import { SessionContext } from '../../lib/session.tsx';
import { testMe } from '../../testing/render-page.tsx';
import { stubServer } from '../../testing/stub-server.ts';
import { SettingsMenu } from './settings-menu.tsx';

function renderMenu(role: MeResponse['role'], reportIssueUrl: string | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(authKeys.config(), { mode: 'local', reportIssueUrl });
  // No company selected and no permissions: only the platform role decides what the menu offers.
  const session = {
    me: testMe({ role, selectedCompanyId: null, permissions: [] }),
    selectCompany: vi.fn(),
    refreshMe: vi.fn(),
  };
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <SessionContext value={session}>
          <SettingsMenu onEditProfile={vi.fn()} />
        </SessionContext>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('SettingsMenu', () => {
  it('offers Setting Companies, Setting Admin and the Mail outbox to a platform administrator', () => {
    renderMenu('ADMIN', null);
    expect(screen.getByRole('menuitem', { name: 'Setting Companies' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Setting Admin' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Mail outbox' })).toBeTruthy();
  });

  it('hides the admin settings from everyone else', () => {
    renderMenu('USER', null);
    expect(screen.queryByRole('menuitem', { name: 'Setting Companies' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Setting Admin' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Mail outbox' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeTruthy();
  });

  it('opens Report Issue in a new tab only when an address is configured', () => {
    renderMenu('USER', 'https://support.example.com/new');
    const link = screen.getByRole('menuitem', { name: 'Report Issue' });
    expect(link.getAttribute('href')).toBe('https://support.example.com/new');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows the server’s real time fault event switch and announces what the server answered', async () => {
    // Issue 26 item 6: the server keeps the switch, so every browser shows the same; OFF until it says ON.
    let enable = true;
    const calls = stubServer({
      'GET /api/v1/fault-event/scheduler/status': () => ({ status: 200, body: { enable, language: 'en' } }),
      'DELETE /api/v1/fault-event/scheduler/disable': () => {
        enable = false;
        return { status: 200, body: { enable, language: 'en' } };
      },
    });
    renderMenu('USER', null);
    const toggle = screen.getByRole('menuitemcheckbox', { name: 'Real time fault event' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));

    fireEvent.click(toggle);

    expect(await screen.findByText('"OFF" : Real time fault event')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(window.localStorage.getItem('sdp.realtime-fault-event')).toBe('off');
  });

  it('shows the switch OFF, not ON, when the server never said it is on', async () => {
    stubServer({
      'GET /api/v1/fault-event/scheduler/status': { status: 500, body: { detail: 'Down' } },
    });
    renderMenu('USER', null);
    const toggle = screen.getByRole('menuitemcheckbox', { name: 'Real time fault event' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});
