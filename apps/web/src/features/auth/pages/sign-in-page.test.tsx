import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { SignInPage } from './sign-in-page.tsx';

function renderSignIn(at = '/auth/login') {
  return renderPage(<SignInPage />, { path: '/auth/login', at, elsewhere: ['/login/redirect'] });
}

const localMode = { status: 200, body: { mode: 'local', reportIssueUrl: null } };

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignInPage', () => {
  it("shows the server's detail when the e-mail or password is wrong", async () => {
    const calls = stubServer({
      'GET /auth/config': localMode,
      'POST /auth/login': { status: 401, body: { detail: 'Invalid email or password.' } },
    });
    renderSignIn();

    fireEvent.change(await screen.findByLabelText(/e-mail/i), { target: { value: 'member@example.com' } });
    fireEvent.change(screen.getByLabelText(/password/i), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid email or password.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'member@example.com',
      password: 'wrong',
    });
  });

  it('goes on to finish sign-in once the server accepts the credentials', async () => {
    stubServer({
      'GET /auth/config': localMode,
      'POST /auth/login': { status: 200, body: { user: {}, redirectTo: '/login/redirect' } },
    });
    const router = renderSignIn();

    fireEvent.change(await screen.findByLabelText(/e-mail/i), { target: { value: 'admin@example.com' } });
    fireEvent.change(screen.getByLabelText(/password/i), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Arrived at /login/redirect')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/redirect');
  });

  it('asks for the e-mail and password before calling the server', async () => {
    const calls = stubServer({ 'GET /auth/config': localMode });
    renderSignIn();

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('E-mail is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says the user has been logged out when coming from sign-out', async () => {
    stubServer({ 'GET /auth/config': localMode });
    renderSignIn('/auth/login?reason=logged-out');

    expect(await screen.findByText('You have been logged out.')).toBeTruthy();
  });

  it('shows a fixed message for a sign-in error code, never the text of the link (issue 23 item 13)', async () => {
    stubServer({ 'GET /auth/config': localMode });
    renderSignIn('/auth/login?error=no-account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in failed: there is no SDP account for your e-mail address. Ask your company owner for an invitation.',
    );
    cleanup();

    stubServer({ 'GET /auth/config': localMode });
    const crafted = 'Your account is locked. Call +1 555 0100 or visit https://evil.example';
    renderSignIn(`/auth/login?error=${encodeURIComponent(crafted)}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in failed. Please try again.');
    expect(document.body.textContent).not.toContain('evil.example');
  });

  it('offers only the organisation sign-in when the server uses an identity provider', async () => {
    stubServer({ 'GET /auth/config': { status: 200, body: { mode: 'oidc', reportIssueUrl: null } } });
    renderSignIn();

    const button = await screen.findByRole('link', { name: 'Sign in with your organisation' });
    expect(button.getAttribute('href')).toBe('/auth/oidc/start');
    expect(screen.queryByLabelText(/password/i)).toBeNull();
  });
});
