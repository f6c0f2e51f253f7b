import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { SignInPage } from './sign-in-page.tsx';

type Reply = { status: number; body?: unknown };

function json({ status, body }: Reply): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Answers fetches by "METHOD path" and records what was sent. */
function stubServer(routes: Record<string, Reply>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: input, body });
    const reply = routes[`${method} ${input}`];
    return reply ? json(reply) : json({ status: 404, body: { detail: 'Not found' } });
  });
  return calls;
}

function renderSignIn(initialEntry = '/auth/login') {
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <SignInPage /> },
      { path: '/login/redirect', element: <p>Finishing sign-in</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
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

    expect(await screen.findByText('Finishing sign-in')).toBeTruthy();
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

  it('offers only the organisation sign-in when the server uses an identity provider', async () => {
    stubServer({ 'GET /auth/config': { status: 200, body: { mode: 'oidc', reportIssueUrl: null } } });
    renderSignIn();

    const button = await screen.findByRole('link', { name: 'Sign in with your organisation' });
    expect(button.getAttribute('href')).toBe('/auth/oidc/start');
    expect(screen.queryByLabelText(/password/i)).toBeNull();
  });
});
