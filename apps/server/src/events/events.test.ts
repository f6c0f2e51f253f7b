import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
});
afterAll(() => ctx.close());

/** Reads server-sent events from a real HTTP connection until `count` events of `type` arrived. */
async function collect(
  url: string,
  cookie: string,
  type: string,
  count: number,
  trigger: () => Promise<void>,
) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const received: Record<string, unknown>[] = [];
  let buffer = '';
  await trigger();
  const deadline = Date.now() + 10_000;
  while (received.length < count && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (const block of buffer.split('\n\n').slice(0, -1)) {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event === type && data) received.push(JSON.parse(data));
    }
    buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
  }
  controller.abort();
  return received;
}

describe('live events', () => {
  it('reach a browser connected to another instance sharing the database, for its own company only', async () => {
    // A second instance: its own pool, job queue and LISTEN connection on the same database.
    const second = await ctx.anotherInstance();
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const cookie = await signIn(second.app, 'member@acme.test');
      const received = await collect(
        `${url}/api/v1/events?company_id=${tenants.companyId}`,
        cookie,
        'model-status',
        1,
        async () => {
          // Raised through the first instance's pool, as a worker there would.
          await ctx.database.pool.query('SELECT pg_notify($1, $2)', [
            'sdp_events',
            JSON.stringify({
              type: 'model-status',
              companyId: tenants.otherCompanyId,
              modelId: 'x',
              status: 2,
            }),
          ]);
          await ctx.database.pool.query('SELECT pg_notify($1, $2)', [
            'sdp_events',
            JSON.stringify({ type: 'model-status', companyId: tenants.companyId, modelId: 'm1', status: 1 }),
          ]);
        },
      );
      expect(received).toEqual([
        { type: 'model-status', companyId: tenants.companyId, modelId: 'm1', status: 1 },
      ]);
    } finally {
      await second.close();
    }
  });

  it('refuses the stream to another company', async () => {
    const cookie = await signIn(ctx.app, 'outsider@other.test');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/events?company_id=${tenants.companyId}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
  });
});
