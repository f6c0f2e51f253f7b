import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn } from '../../test/harness.ts';

/** A live event stream read from a real HTTP connection: the events that arrived, and whether the server ended it. */
async function openStream(base: string, companyId: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1/events?company_id=${companyId}`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      ended = true;
    } catch {
      // aborted by the test
    }
  })();
  /** Waits up to `ms` (a deadline for the test, not a measurement) for `condition`. */
  const within = async (condition: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return condition();
  };
  return {
    get ended() {
      return ended;
    },
    /** The events that arrived, by type and data. */
    events: () =>
      text
        .split('\n\n')
        .filter((block) => /^event: /m.test(block))
        .map((block) => ({
          type: /^event: (.+)$/m.exec(block)?.[1],
          data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null'),
          retry: /^retry: (\d+)$/m.exec(block)?.[1],
        })),
    endsWithin: (ms?: number) => within(() => ended, ms).then(() => reading.then(() => ended)),
    hears: (tag: string) => within(() => text.includes(tag)).then((heard) => heard && !ended),
    close: () => controller.abort(),
  };
}
type Stream = Awaited<ReturnType<typeof openStream>>;

async function setUp(env: Record<string, string>) {
  const ctx = await createTestContext(env);
  const tenants = await seedTenants(ctx.db);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  return { ctx, tenants, base };
}

describe('live event streams per session and per user (issue 23 item 5)', () => {
  let world: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    world = await setUp({ EVENT_STREAMS_PER_SESSION: '3', EVENT_STREAMS_PER_USER: '5' });
  });
  afterAll(() => world.ctx.close());

  const open = (cookie: string) => openStream(world.base, world.tenants.companyId, cookie);
  const notify = (tag: string) =>
    world.ctx.database.pool.query('SELECT pg_notify($1, $2)', [
      'sdp_events',
      JSON.stringify({ type: 'note', companyId: world.tenants.companyId, tag }),
    ]);

  it('closes the oldest stream of a session for a new one past EVENT_STREAMS_PER_SESSION, telling it why', async () => {
    // Roles that see every equipment, so an event without a model reaches their streams.
    const cookie = await signIn(world.ctx.app, 'owner@acme.test');
    const streams: Stream[] = [];
    for (let i = 0; i < 3; i++) streams.push(await open(cookie));
    const newest = await open(cookie);
    const [oldest, ...kept] = streams as [Stream, ...Stream[]];
    expect(await oldest.endsWithin()).toBe(true);
    expect(oldest.events()).toEqual([
      {
        type: 'superseded',
        data: { detail: 'Closed for a newer live event stream: one session keeps at most 3 open.' },
        retry: '60000',
      },
    ]);
    await notify('after-the-cap');
    for (const stream of [...kept, newest]) expect(await stream.hears('after-the-cap')).toBe(true);
    for (const stream of [...kept, newest]) stream.close();
  });

  it("closes the user's oldest stream past EVENT_STREAMS_PER_USER across sessions; other users keep theirs", async () => {
    const other = await open(await signIn(world.ctx.app, 'owner@acme.test'));
    const first = await signIn(world.ctx.app, 'owner.rvs@acme.test');
    const second = await signIn(world.ctx.app, 'owner.rvs@acme.test');
    const streams: Stream[] = [];
    for (let i = 0; i < 3; i++) streams.push(await open(first));
    for (let i = 0; i < 2; i++) streams.push(await open(second));
    const sixth = await open(second);
    const [oldest, ...kept] = streams as [Stream, ...Stream[]];
    expect(await oldest.endsWithin()).toBe(true);
    expect(oldest.events()[0]).toEqual({
      type: 'superseded',
      data: { detail: 'Closed for a newer live event stream: one user keeps at most 5 open.' },
      retry: '60000',
    });
    await notify('user-cap');
    for (const stream of [...kept, sixth, other]) expect(await stream.hears('user-cap')).toBe(true);
    for (const stream of [...kept, sixth, other]) stream.close();
  });
});

describe('authorising many open streams again (issue 23 item 5)', () => {
  let world: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    world = await setUp({ EVENT_STREAMS_PER_SESSION: '500', EVENT_STREAMS_PER_USER: '500' });
  });
  afterAll(() => world.ctx.close());

  it('ends every stream of a session that signs out, batch after batch, and keeps the others', async () => {
    const leaving = await signIn(world.ctx.app, 'member@acme.test');
    const streams: Stream[] = [];
    // More than two batches of re-authorisation.
    for (let i = 0; i < 120; i++)
      streams.push(await openStream(world.base, world.tenants.companyId, leaving));
    const staying = await openStream(
      world.base,
      world.tenants.companyId,
      await signIn(world.ctx.app, 'owner@acme.test'),
    );
    const signOut = await world.ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: leaving, 'x-sdp-csrf': '1' },
    });
    expect(signOut.statusCode).toBe(204);
    const ended = await Promise.all(streams.map((stream) => stream.endsWithin(15_000)));
    expect(ended.filter(Boolean)).toHaveLength(120);
    await world.ctx.database.pool.query('SELECT pg_notify($1, $2)', [
      'sdp_events',
      JSON.stringify({ type: 'note', companyId: world.tenants.companyId, tag: 'still-here' }),
    ]);
    expect(await staying.hears('still-here')).toBe(true);
    staying.close();
  });
});

describe('a stream opened without a real socket (app.inject, as the fuzzer sends it)', () => {
  let world: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    world = await setUp({});
  });
  afterAll(() => world.ctx.close());

  it('still answers 200 text/event-stream', async () => {
    const response = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/events?company_id=${world.tenants.companyId}`,
      headers: { cookie: await signIn(world.ctx.app, 'owner@acme.test') },
      payloadAsStream: true,
    });
    response.stream().destroy();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
  });
});
