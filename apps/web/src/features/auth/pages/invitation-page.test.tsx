import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage } from '../../../testing/render-page.tsx';
import { type Reply, stubServer } from '../../../testing/stub-server.ts';
import { InvitationPage } from './invitation-page.tsx';

const TOKEN = 'abcdefghijklmnop';
const INFO = `GET /auth/invitations/${TOKEN}`;
const ACCEPT = `POST /auth/invitations/${TOKEN}/accept`;

const invitation = (overrides: Record<string, unknown> = {}): Reply => ({
  status: 200,
  body: {
    email: 'new.owner@example.com',
    name: 'new.owner',
    kind: 'member',
    companyTitle: 'Acme Energy',
    role: 'owner',
    needsPassword: true,
    existingAccount: false,
    expiresAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  },
});

function renderInvitation() {
  return renderPage(<InvitationPage />, {
    path: '/auth/invitation/:token',
    at: `/auth/invitation/${TOKEN}`,
    elsewhere: ['/login/redirect', '/auth/login'],
  });
}

function fillForm(password: string, confirmPassword: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Nora Owner' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InvitationPage', () => {
  it('shows the company and e-mail, then accepts with a name and password and finishes sign-in', async () => {
    const calls = stubServer({
      [INFO]: invitation(),
      [ACCEPT]: { status: 200, body: { user: {}, redirectTo: '/' } },
    });
    const router = renderInvitation();

    expect(await screen.findByText('You are invited to join Acme Energy.')).toBeTruthy();
    expect(screen.getByText('E-mail: new.owner@example.com')).toBeTruthy();
    fillForm('long-enough', 'long-enough');

    expect(await screen.findByText('Arrived at /login/redirect')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/redirect');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nora Owner',
      password: 'long-enough',
    });
  });

  it('asks for 8 characters and the same password twice before calling the server', async () => {
    const calls = stubServer({ [INFO]: invitation() });
    renderInvitation();
    await screen.findByRole('button', { name: 'Accept invitation' });

    fillForm('short', 'other');

    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(screen.getAllByText('At least 8 characters.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("names 'administrator' for an administrator's invitation", async () => {
    stubServer({ [INFO]: invitation({ kind: 'admin', companyTitle: null, role: null }) });
    renderInvitation();

    expect(await screen.findByText('You are invited as an administrator.')).toBeTruthy();
  });

  it("shows the server's detail for an expired or used link, with the way to sign in", async () => {
    stubServer({
      [INFO]: {
        status: 410,
        body: { detail: 'This invitation link has expired. Ask for a new invitation.' },
      },
    });
    renderInvitation();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link has expired. Ask for a new invitation.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it("shows the server's detail when accepting fails", async () => {
    stubServer({
      [INFO]: invitation(),
      [ACCEPT]: { status: 410, body: { detail: 'This invitation link has already been used.' } },
    });
    renderInvitation();
    await screen.findByRole('button', { name: 'Accept invitation' });

    fillForm('long-enough', 'long-enough');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link has already been used.',
    );
  });

  it("offers the organisation's sign-in instead of a password when the portal uses one", async () => {
    stubServer({ [INFO]: invitation({ needsPassword: false }) });
    renderInvitation();

    const link = await screen.findByRole('link', { name: 'Sign in with your organisation to accept' });
    expect(link.getAttribute('href')).toBe('/auth/oidc/start');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  describe('for an e-mail that has an account already (issue 11)', () => {
    const EXISTING = invitation({ needsPassword: false, existingAccount: true, name: 'Kept Name' });
    const SIGNED_IN = `POST /auth/invitations/${TOKEN}/accept-signed-in`;
    const LOCAL = { status: 200, body: { mode: 'local', reportIssueUrl: null } };

    it('asks for its own password to sign in, never for a new password or name, then accepts', async () => {
      const calls = stubServer({
        [INFO]: EXISTING,
        'GET /auth/config': LOCAL,
        'GET /api/v1/users/me': { status: 401, body: { detail: 'Sign in to continue.' } },
        'POST /auth/login': {
          status: 200,
          body: { user: { email: 'new.owner@example.com' }, redirectTo: '/' },
        },
        [SIGNED_IN]: { status: 200, body: { message: 'Invitation accepted' } },
      });
      const router = renderInvitation();

      const password = await screen.findByLabelText(/^Your password/);
      expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
      expect(screen.queryByLabelText(/^Confirm password/)).toBeNull();
      expect(screen.queryByText(/Kept Name/)).toBeNull();
      fireEvent.change(password, { target: { value: 'my own password' } });
      fireEvent.click(screen.getByRole('button', { name: 'Sign in and accept' }));

      expect(await screen.findByText('Arrived at /login/redirect')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login/redirect');
      const posts = calls.filter((call) => call.method === 'POST');
      expect(posts.map((call) => call.path)).toEqual([
        '/auth/login',
        `/auth/invitations/${TOKEN}/accept-signed-in`,
      ]);
      expect(posts[0]?.body).toEqual({ email: 'new.owner@example.com', password: 'my own password' });
      expect(calls.some((call) => call.path === `/auth/invitations/${TOKEN}/accept`)).toBe(false);
    });

    it('accepts at once when signed in as that e-mail', async () => {
      const calls = stubServer({
        [INFO]: EXISTING,
        'GET /auth/config': LOCAL,
        'GET /api/v1/users/me': { status: 200, body: { email: 'New.Owner@example.com' } },
        [SIGNED_IN]: { status: 200, body: { message: 'Invitation accepted' } },
      });
      renderInvitation();

      expect(await screen.findByText('You are signed in as New.Owner@example.com.')).toBeTruthy();
      expect(screen.queryByLabelText(/password/i)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
      expect(await screen.findByText('Arrived at /login/redirect')).toBeTruthy();
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        `/auth/invitations/${TOKEN}/accept-signed-in`,
      ]);
    });

    it('tells somebody signed in as another e-mail to sign out first, and signs out by a POST only', async () => {
      let signedIn = true;
      const calls = stubServer({
        [INFO]: EXISTING,
        'GET /auth/config': LOCAL,
        'GET /api/v1/users/me': () =>
          signedIn
            ? { status: 200, body: { email: 'someone.else@example.com' } }
            : { status: 401, body: { detail: 'Not signed in.' } },
        'POST /auth/logout': () => {
          signedIn = false;
          return { status: 204 };
        },
      });
      renderInvitation();

      expect((await screen.findByRole('alert')).textContent).toBe(
        'You are signed in as someone.else@example.com, but this invitation is for new.owner@example.com. Sign out, then sign in with that address to accept it.',
      );
      expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
      expect(calls.some((call) => call.method !== 'GET')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      // Signed out, the page asks for the invited account's password to accept.
      expect(await screen.findByLabelText(/password/i)).toBeTruthy();
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        '/auth/logout',
      ]);
    });
  });
});
