import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  seedTenants,
  signIn,
  type TestContext,
  type TestInstance,
} from '../../test/harness.ts';
import { assignEquipment, seedEquipment } from '../../test/plant.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let base: string;
/** Models on two tags: the member is assigned the first only. */
let seenModel: string;
let hiddenModel: string;

async function insertModel(tagId: string, code: string): Promise<string> {
  const row = await ctx.db
    .insertInto('equipment_models')
    .values({
      company_id: tenants.companyId,
      equipment_tag_id: tagId,
      model_type_id: 5,
      title: code,
      code,
      is_active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  const seenTag = await seedEquipment(ctx.db, tenants.companyId, 'SEEN');
  const hiddenTag = await seedEquipment(ctx.db, tenants.companyId, 'HIDDEN');
  seenModel = await insertModel(seenTag, 'SEEN-RVS-01');
  hiddenModel = await insertModel(hiddenTag, 'HIDDEN-RVS-01');
  await assignEquipment(ctx.db, tenants.users.member, seenTag);
  await assignEquipment(ctx.db, tenants.users.supmem, seenTag);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** A live event stream read from a real HTTP connection: what arrived, and whether the server ended it. */
async function openStream(cookie: string, url = base) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/v1/events?company_id=${tenants.companyId}`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const received: Record<string, unknown>[] = [];
  let ended = false;
  const reading = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (/^event: /m.test(block) && data) received.push(JSON.parse(data));
        }
      }
      ended = true;
    } catch {
      // aborted by the test
    }
  })();
  return {
    received,
    get ended() {
      return ended;
    },
    /** Resolves when the server ends the stream; fails after `ms`. */
    async endsWithin(ms = 5_000) {
      const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms));
      expect(await Promise.race([reading.then(() => 'ended' as const), timeout])).toBe('ended');
    },
    close: () => controller.abort(),
  };
}

const notify = (event: Record<string, unknown>) =>
  ctx.database.pool.query('SELECT pg_notify($1, $2)', ['sdp_events', JSON.stringify(event)]);
const status = (modelId: string, value: number, companyId = tenants.companyId) => ({
  type: 'model-status',
  companyId,
  modelId,
  status: value,
});

/** Raises a marker event on the viewer's visible model and waits until it arrived: everything before it did too. */
async function settle(stream: Awaited<ReturnType<typeof openStream>>) {
  const marker = { type: 'fault-event', companyId: tenants.companyId, modelId: seenModel, tag: 'marker' };
  await notify(marker);
  const deadline = Date.now() + 5_000;
  while (!stream.received.some((event) => event.tag === 'marker') && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const index = stream.received.findIndex((event) => event.tag === 'marker');
  expect(index).toBeGreaterThanOrEqual(0);
  return stream.received.splice(0, index + 1).slice(0, -1);
}

describe('live events', () => {
  it('reach a browser connected to another instance sharing the database, for its own company only', async () => {
    // A second instance: its own pool, job queue and LISTEN connection on the same database.
    const second: TestInstance = await ctx.anotherInstance();
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const stream = await openStream(await signIn(second.app, 'owner@acme.test'), url);
      // Raised through the first instance's pool, as a worker there would.
      await notify(status('x', 2, tenants.otherCompanyId));
      await notify(status(seenModel, 1));
      expect(await settle(stream)).toEqual([status(seenModel, 1)]);
      stream.close();
    } finally {
      await second.close();
    }
  });

  it('refuses the stream to another company with 404, as a company that does not exist', async () => {
    const cookie = await signIn(ctx.app, 'outsider@other.test');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/events?company_id=${tenants.companyId}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('who sees which equipment, live', () => {
  it.each(['member', 'supmem'] as const)(
    'a %s receives the events of assigned equipment only',
    async (who) => {
      const stream = await openStream(await signIn(ctx.app, `${who}@acme.test`));
      await notify(status(hiddenModel, 2));
      await notify({ type: 'fault-event', companyId: tenants.companyId, modelId: hiddenModel, tag: 'x' });
      await notify(status(seenModel, 1));
      expect(await settle(stream)).toEqual([status(seenModel, 1)]);
      stream.close();
    },
  );

  it('an owner receives the events of every equipment', async () => {
    const stream = await openStream(await signIn(ctx.app, 'owner@acme.test'));
    await notify(status(hiddenModel, 2));
    expect(await settle(stream)).toEqual([status(hiddenModel, 2)]);
    stream.close();
  });

  it('re-filters an open stream when assignments or the role change', async () => {
    const stream = await openStream(await signIn(ctx.app, 'supmem@acme.test'));
    await ctx.db
      .updateTable('memberships')
      .set({ role: 'owner' })
      .where('user_id', '=', tenants.users.supmem)
      .where('company_id', '=', tenants.companyId)
      .execute();
    await ctx.changesHeard();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await notify(status(hiddenModel, 1));
    expect(await settle(stream)).toEqual([status(hiddenModel, 1)]);

    await ctx.db
      .updateTable('memberships')
      .set({ role: 'supmem' })
      .where('user_id', '=', tenants.users.supmem)
      .where('company_id', '=', tenants.companyId)
      .execute();
    await ctx.db.deleteFrom('equipment_tag_members').where('user_id', '=', tenants.users.supmem).execute();
    await ctx.changesHeard();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await notify(status(hiddenModel, 2));
    await notify(status(seenModel, 2));
    await notify({ type: 'fault-event', companyId: tenants.companyId, modelId: seenModel, tag: 'marker' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.received).toEqual([]);
    expect(stream.ended).toBe(false);
    stream.close();
  });
});

describe('an open stream is authorised again (issue 11 item 11)', () => {
  const cases: [string, (cookie: string) => Promise<unknown>][] = [
    [
      'the session signs out',
      (cookie) =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/logout',
          headers: { cookie, 'x-sdp-csrf': '1' },
        }),
    ],
    [
      'the session expires',
      () =>
        ctx.db
          .updateTable('sessions')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('user_id', '=', tenants.users.member)
          .execute(),
    ],
    [
      'the user is deactivated',
      () =>
        ctx.db
          .updateTable('users')
          .set({ status: 'inactive' })
          .where('id', '=', tenants.users.member)
          .execute(),
    ],
    [
      'the membership ends',
      () =>
        ctx.db
          .deleteFrom('memberships')
          .where('user_id', '=', tenants.users.member)
          .where('company_id', '=', tenants.companyId)
          .execute(),
    ],
  ];

  it.each(cases)('ends the stream when %s', async (_name, end) => {
    const cookie = await signIn(ctx.app, 'member@acme.test');
    const stream = await openStream(cookie);
    await notify(status(seenModel, 0));
    expect(await settle(stream)).toEqual([status(seenModel, 0)]);
    await end(cookie);
    await stream.endsWithin();
    // Restore the member for the next case.
    await ctx.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('id', '=', tenants.users.member)
      .execute();
    await ctx.db
      .insertInto('memberships')
      .values({
        company_id: tenants.companyId,
        user_id: tenants.users.member,
        role: 'member',
        status: 'active',
      })
      .onConflict((conflict) => conflict.columns(['company_id', 'user_id']).doNothing())
      .execute();
    await ctx.changesHeard();
  });

  it('ends the stream when the session runs out by itself, with nothing announced', async () => {
    const cookie = await signIn(ctx.app, 'owner@acme.test');
    // Shortened before the stream opens, so the stream learns the expiry from the session it opens with.
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 1500) })
      .where('user_id', '=', tenants.users.owner)
      .execute();
    await ctx.changesHeard();
    const stream = await openStream(cookie);
    await notify(status(seenModel, 1));
    expect(await settle(stream)).toEqual([status(seenModel, 1)]);
    await stream.endsWithin(4_000);
  });

  it('keeps other sessions of the same user open when one signs out', async () => {
    const stays = await openStream(await signIn(ctx.app, 'member@acme.test'));
    const leaves = await signIn(ctx.app, 'member@acme.test');
    const ending = await openStream(leaves);
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: leaves, 'x-sdp-csrf': '1' },
    });
    await ending.endsWithin();
    await notify(status(seenModel, 1));
    expect(await settle(stays)).toEqual([status(seenModel, 1)]);
    expect(stays.ended).toBe(false);
    stays.close();
  });
});
