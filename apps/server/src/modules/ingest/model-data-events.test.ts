import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { assignEquipment, createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { createModelDataEvents } from './model-data-events.ts';

describe('model-data throttle', () => {
  it('sends the first event of a burst at once and folds the rest into one at the end of the window', async () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const pool = {
        query: async (_text: string, values: unknown[]) => {
          sent.push(JSON.parse(values[1] as string).modelId);
          return { rows: [] };
        },
      };
      const events = createModelDataEvents(pool as never, () => undefined, 1_000);
      events.announce('c1', ['m1', 'm2']);
      expect(sent).toEqual(['m1', 'm2']);
      for (let i = 0; i < 5; i++) events.announce('c1', ['m1']);
      expect(sent).toEqual(['m1', 'm2']);
      await vi.advanceTimersByTimeAsync(999);
      expect(sent).toEqual(['m1', 'm2']);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toEqual(['m1', 'm2', 'm1']);
      // Quiet for a window: the next one goes at once again.
      await vi.advanceTimersByTimeAsync(1_000);
      events.announce('c1', ['m1']);
      expect(sent).toEqual(['m1', 'm2', 'm1', 'm1']);
      events.announce('c1', ['m1']);
      events.stop();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(sent).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('model-data live event', () => {
  let ctx: TestContext;
  let tenants: Awaited<ReturnType<typeof seedTenants>>;
  let base: string;
  let seen: { id: string; code: string };
  let hidden: { id: string; code: string };
  let key: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenants = await seedTenants(ctx.db);
    const seenTag = await seedEquipment(ctx.db, tenants.companyId, 'SEEN');
    const hiddenTag = await seedEquipment(ctx.db, tenants.companyId, 'HIDDEN');
    await assignEquipment(ctx.db, tenants.users.member, seenTag);
    seen = await createModel(ctx.app, seenTag, 1);
    hidden = await createModel(ctx.app, hiddenTag, 1);
    key = await createIngestKey(ctx.app, tenants.companyId);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => ctx?.close());

  /** The events a signed-in user's stream receives until `stop` says enough, or 8 s pass. */
  async function listen(
    email: string,
    stop: (events: Record<string, unknown>[]) => boolean,
    act: () => Promise<void>,
  ) {
    const cookie = await signIn(ctx.app, email);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/events?company_id=${tenants.companyId}`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const received: Record<string, unknown>[] = [];
    const deadline = setTimeout(() => controller.abort(), 8_000);
    // The stream is open once its first bytes (the retry line or a comment) arrive.
    let buffer = decoder.decode((await reader.read()).value, { stream: true });
    await act();
    try {
      while (!stop(received)) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) received.push({ event: type, ...JSON.parse(data) });
        }
      }
    } catch {
      // timed out
    } finally {
      clearTimeout(deadline);
      controller.abort();
    }
    return received;
  }

  const ingest = (modelCode: string, value: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/measurements',
      headers: { authorization: `Bearer ${key}` },
      payload: { modelCode, points: [{ tag: 'h2', ts: new Date().toISOString(), value }] },
    });

  it('tells the company a model has new data once ingest committed it, and only those who see the model', async () => {
    const ofSeen = (events: Record<string, unknown>[]) =>
      events.filter((event) => event.event === 'model-data' && event.modelId === seen.id);
    const owner = await listen(
      'owner@acme.test',
      (events) => ofSeen(events).length > 0 && events.some((event) => event.modelId === hidden.id),
      async () => {
        expect((await ingest(seen.code, 10)).json()).toMatchObject({ accepted: 1 });
        expect((await ingest(hidden.code, 10)).json()).toMatchObject({ accepted: 1 });
      },
    );
    expect(ofSeen(owner)[0]).toEqual({
      event: 'model-data',
      type: 'model-data',
      companyId: tenants.companyId,
      modelId: seen.id,
    });
    expect(owner.some((event) => event.event === 'model-data' && event.modelId === hidden.id)).toBe(true);

    // The member sees one model only: the other's data is never announced to them.
    const member = await listen(
      'member@acme.test',
      (events) => ofSeen(events).length >= 2,
      async () => {
        await ingest(hidden.code, 11);
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        await ingest(seen.code, 11);
        await ingest(hidden.code, 12);
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        await ingest(seen.code, 12);
      },
    );
    expect(ofSeen(member).length).toBeGreaterThanOrEqual(2);
    expect(member.some((event) => event.modelId === hidden.id)).toBe(false);
    // The outsider's stream of another company is refused outright.
    const outsider = await fetch(`${base}/api/v1/events?company_id=${tenants.companyId}`, {
      headers: { cookie: await signIn(ctx.app, 'outsider@other.test') },
    });
    expect(outsider.status).toBe(404);
  }, 30_000);

  it('announces nothing for a batch that stored nothing', async () => {
    const events = await listen(
      'owner@acme.test',
      (received) => received.some((event) => event.event === 'fault-event'),
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        const refused = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/ingest/measurements',
          headers: { authorization: `Bearer ${key}` },
          payload: {
            modelCode: seen.code,
            points: [{ tag: 'no_such_tag', ts: new Date().toISOString(), value: 1 }],
          },
        });
        expect(refused.json()).toMatchObject({ accepted: 0, rejected: 1 });
        // A marker after it: whatever the refused batch raised would have arrived first.
        await ctx.database.pool.query('SELECT pg_notify($1, $2)', [
          'sdp_events',
          JSON.stringify({ type: 'fault-event', companyId: tenants.companyId, modelId: seen.id }),
        ]);
      },
    );
    expect(events.filter((event) => event.event === 'model-data')).toEqual([]);
  }, 30_000);
});
