import type { MeResponse } from '@sdp/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { useKeepLanguage } from './keep-language.ts';
import { authKeys } from './keys.ts';

/** The session guard's part: the user as cached (set by each test), kept in the server's language. */
function Session() {
  const me = useQuery({
    queryKey: authKeys.me(),
    queryFn: () => testMe(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useKeepLanguage(me.data);
  return null;
}

const start = (language: MeResponse['language']) => {
  const client = new QueryClient();
  client.setQueryData(authKeys.me(), testMe({ language }));
  const calls = stubServer({ 'PUT /api/v1/users/me/language': { status: 204 } });
  render(
    <QueryClientProvider client={client}>
      <Session />
    </QueryClientProvider>,
  );
  const puts = () =>
    calls.filter((call) => call.path === '/api/v1/users/me/language').map((call) => call.body);
  return { client, puts };
};

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setLanguage('en'));
});

// The language a user reads the portal in is kept on the server for their mails (issue 27 item 5); sent on every
// page load it was a write per page view (issue 29), so it is sent only when it differs from the one kept.
describe('useKeepLanguage', () => {
  it('sends nothing when the server keeps the language the portal is read in', async () => {
    const { puts } = start('en');
    await act(async () => undefined);
    expect(puts()).toEqual([]);
  });

  it('sends the language when none is kept, and again when the user switches', async () => {
    const { client, puts } = start(null);
    await waitFor(() => expect(puts()).toEqual([{ language: 'en' }]));
    await waitFor(() => expect(client.getQueryData<MeResponse>(authKeys.me())?.language).toBe('en'));
    act(() => setLanguage('th'));
    await waitFor(() => expect(puts()).toEqual([{ language: 'en' }, { language: 'th' }]));
    await waitFor(() => expect(client.getQueryData<MeResponse>(authKeys.me())?.language).toBe('th'));
  });
});
