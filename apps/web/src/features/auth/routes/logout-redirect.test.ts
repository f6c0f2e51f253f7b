import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../testing/stub-server.ts';
import { createLogoutRedirectLoader } from './logout-redirect.ts';

/** `/logout/redirect` opened as a link: what it answers and what it sends (issue 23 item 12). */
async function open(queryClient = new QueryClient()) {
  const loader = createLogoutRedirectLoader(queryClient);
  const request = new Request('http://sdp.test/logout/redirect?error=Call%20us');
  return (await loader({ request, params: {}, context: {} } as LoaderFunctionArgs)) as Response;
}

afterEach(() => vi.unstubAllGlobals());

describe('/logout/redirect', () => {
  it('ends nothing: with a session still open it goes back to the app and sends no sign-out', async () => {
    const calls = stubServer({
      'GET /api/v1/users/me': { status: 200, body: { email: 'owner@example.com' } },
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['kept'], 1);
    const answer = await open(queryClient);
    expect(answer.headers.get('location')).toBe('/');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/users/me']);
    expect(queryClient.getQueryData(['kept'])).toBe(1);
  });

  it('once signed out, forgets cached answers and shows the sign-in page, without the link’s text', async () => {
    stubServer({ 'GET /api/v1/users/me': { status: 401, body: { detail: 'Sign in to continue.' } } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['kept'], 1);
    const answer = await open(queryClient);
    expect(answer.headers.get('location')).toBe('/auth/login?reason=logged-out');
    expect(queryClient.getQueryData(['kept'])).toBeUndefined();
  });
});
