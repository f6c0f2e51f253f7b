import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from './api-client.ts';

const calls: { url: string; init: RequestInit }[] = [];

function answer(status: number, body?: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      });
    }),
  );
}

afterEach(() => {
  calls.length = 0;
  vi.unstubAllGlobals();
});

const headersOf = (index: number) => calls[index]?.init.headers as Record<string, string>;

describe('apiClient', () => {
  it('sends the CSRF header with body-less, JSON and multipart writes', async () => {
    answer(204);
    await apiClient.post('/api/v1/companies/1/restore');
    await apiClient.delete('/api/v1/companies/1');
    await apiClient.put('/api/v1/users/me/company', { company_id: '1' });
    const form = new FormData();
    form.append('image_file', new Blob(['x']), 'a.png');
    await apiClient.post('/api/v1/upload/profiles', form);
    for (let index = 0; index < 4; index++) expect(headersOf(index)['x-sdp-csrf']).toBe('1');
    expect(headersOf(2)['content-type']).toBe('application/json');
    // A FormData body keeps the browser's multipart content type with its boundary.
    expect(headersOf(3)['content-type']).toBeUndefined();
  });

  it('sends no CSRF header with reads', async () => {
    answer(200, { ok: true });
    await apiClient.get('/api/v1/users/me');
    expect(headersOf(0)).toEqual({ accept: 'application/json' });
  });

  it("turns a refusal into an ApiError with the server's detail", async () => {
    answer(403, { detail: 'Cross-site requests are refused.' });
    const error = await apiClient.post('/api/v1/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, detail: 'Cross-site requests are refused.' });
  });
});
