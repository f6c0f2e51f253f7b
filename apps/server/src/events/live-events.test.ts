import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  seedTenants,
  signIn,
  type TestContext,
  type TestInstance,
} from '../../test/harness.ts';

let ctx: TestContext;
let companyId: string;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = (await seedTenants(ctx.db)).companyId;
  cookie = await signIn(ctx.app, 'owner@acme.test');
});
afterAll(() => ctx?.close());

interface Received {
  id: number | undefined;
  type: string;
  data: { n?: number };
}

/** Opens the company's stream on an instance and collects its events until `until` holds (or 10 s pass). */
async function readStream(
  instance: TestInstance,
  lastEventId: number | undefined,
  until: (all: Received[]) => boolean,
) {
  if (!instance.app.server.listening) await instance.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (instance.app.server.address() as AddressInfo).port;
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/events?company_id=${companyId}`, {
    headers: { cookie, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: Received[] = [];
  let buffer = '';
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const type = field('event');
        if (type)
          events.push({
            id: field('id') ? Number(field('id')) : undefined,
            type,
            data: JSON.parse(field('data') ?? '{}'),
          });
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    // Aborted after 10 s: answer what arrived, the assertions say what is missing.
    if ((error as Error).name !== 'AbortError') throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

const publish = (n: number) =>
  sql`SELECT sdp_publish(${JSON.stringify({ type: 'note', action: 'test', companyId, n })}::jsonb)`.execute(
    ctx.db,
  );

describe('live events', () => {
  it('resume with Last-Event-ID on a restarted instance without losing or repeating an event', async () => {
    // A page follows instance A and sees event 1 with its id.
    const first = readStream(ctx, 0, (all) => all.some((e) => e.data.n === 1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await publish(1);
    const seen = await first;
    const one = seen.find((e) => e.data.n === 1) as Received;
    expect(one.type).toBe('note');
    expect(one.id).toBeGreaterThan(0);

    // The connection drops; event 2 is raised while nobody listens; a new instance starts (a restart).
    await publish(2);
    const restarted = await ctx.anotherInstance();
    try {
      const resumed = readStream(restarted, one.id, (all) => all.some((e) => e.data.n === 3));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await publish(3);
      const events = (await resumed).filter((e) => e.type === 'note');
      expect(events.map((e) => e.data.n)).toEqual([2, 3]);
      expect(events.every((e) => (e.id ?? 0) > (one.id ?? 0))).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});
