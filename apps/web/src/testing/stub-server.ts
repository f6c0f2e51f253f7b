import { vi } from 'vitest';

/** An answer of the stub server. */
export type Reply = { status: number; body?: unknown };

/** A call the page made: method, path with its query, and the JSON body (or the FormData of an upload). */
export type Call = { method: string; url: string; path: string; search: URLSearchParams; body: unknown };

type Route = Reply | ((call: Call) => Reply);

function json({ status, body }: Reply): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Stands in for the SDP server: answers fetches by "METHOD /path?query", else by "METHOD /path", and records
 * every call. Unknown calls answer 404 `{detail: 'Not found'}`.
 */
export function stubServer(routes: Record<string, Route>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = new URL(input, 'http://sdp.test');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, url: input, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${input}`] ?? routes[`${method} ${url.pathname}`];
    if (!route) return json({ status: 404, body: { detail: 'Not found' } });
    return json(typeof route === 'function' ? route(call) : route);
  });
  return calls;
}
