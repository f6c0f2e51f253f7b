import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { assignEquipment, createModel, seedEquipment } from '../../../test/plant.ts';

let ctx: TestContext;
let cookies: Record<Tenant, string>;
let model: { id: string; code: string };

const as = (...args: Parameters<typeof requestAs> extends [unknown, unknown, ...infer R] ? R : never) =>
  requestAs(ctx.app, cookies, ...args);

beforeAll(async () => {
  ctx = await createTestContext();
  const tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  const tag = await seedEquipment(ctx.db, tenants.companyId, 'P1');
  await assignEquipment(ctx.db, tenants.users.member, tag);
  await assignEquipment(ctx.db, tenants.users.supmem, tag);
  model = await createModel(ctx.app, tag, 5);
});
afterAll(() => ctx?.close());

const topic = (extra: object = {}) => ({
  topic: 'Bearing noise',
  description: 'Heard at the drive end',
  equipmentModelId: model.id,
  ...extra,
});

describe('notes and comments', () => {
  it('lets anyone who sees the model write, and only the author edit or delete', async () => {
    const created = await as('member', 'POST', '/api/v1/note/note-topic?equipment_tag_id=P1', topic());
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({
      topic: 'Bearing noise',
      name: 'member',
      commentCount: 0,
    });

    const byOther = await as(
      'owner',
      'PUT',
      `/api/v1/note/update/note-topic?note_topic_id=${id}`,
      topic({ topic: 'x' }),
    );
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().detail).toBe('Only the author can edit or delete this.');
    expect((await as('owner', 'DELETE', `/api/v1/note/note-topic/${id}`)).statusCode).toBe(403);

    const reply = await as('owner', 'POST', '/api/v1/note-comment', {
      description: 'Greased on Monday',
      equipmentModelId: model.id,
      noteTopicId: id,
    });
    expect(reply.statusCode).toBe(200);
    const commentId = reply.json().id as string;
    const edit = { description: 'Greased twice', equipmentModelId: model.id, noteTopicId: id };
    expect((await as('member', 'PUT', `/api/v1/note-comment/${commentId}`, edit)).statusCode).toBe(403);
    expect((await as('member', 'DELETE', `/api/v1/note-comment/${commentId}`)).statusCode).toBe(403);
    expect((await as('owner', 'PUT', `/api/v1/note-comment/${commentId}`, edit)).json().description).toBe(
      'Greased twice',
    );

    const thread = (await as('supmem', 'GET', `/api/v1/note/note/comment?note_topic_id=${id}`)).json();
    expect(thread.topic.commentCount).toBe(1);
    expect(
      thread.comments.map((c: { description: string; name: string }) => [c.description, c.name]),
    ).toEqual([['Greased twice', 'owner']]);

    expect(
      (
        await as(
          'member',
          'PUT',
          `/api/v1/note/update/note-topic?note_topic_id=${id}`,
          topic({ topic: 'Noise gone' }),
        )
      ).json().topic,
    ).toBe('Noise gone');
    expect((await as('member', 'DELETE', `/api/v1/note/note-topic/${id}`)).statusCode).toBe(200);
    expect((await as('member', 'GET', `/api/v1/note/note/comment?note_topic_id=${id}`)).statusCode).toBe(404);
  });

  it('refuses over-long texts naming the field, and another company', async () => {
    const long = await as(
      'owner',
      'POST',
      '/api/v1/note/note-topic',
      topic({ description: 'x'.repeat(1001) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toContain('description: at most 1000 characters');
    expect(
      (await as('owner', 'POST', '/api/v1/note/note-topic', topic({ description: 'x'.repeat(1000) })))
        .statusCode,
    ).toBe(200);
    expect((await as('outsider', 'POST', '/api/v1/note/note-topic', topic())).statusCode).toBe(404);
  });

  it('lists the notes of a period by their update time', async () => {
    const now = Date.now();
    const inside = `startDate=${new Date(now - 3_600_000).toISOString()}&endDate=${new Date(now + 3_600_000).toISOString()}`;
    const before = `startDate=${new Date(now - 7_200_000).toISOString()}&endDate=${new Date(now - 3_600_000).toISOString()}`;
    const url = `/api/v1/note/get/note-topic/all?equipment_model_id=${model.id}&`;
    expect((await as('member', 'GET', url + inside)).json().length).toBeGreaterThan(0);
    expect((await as('member', 'GET', url + before)).json()).toEqual([]);
  });
});

describe('sensor point notes', () => {
  const point = {
    description: '',
    model_code: '',
    timestamp: '2026-11-20T03:00:00.000Z',
    y_position: 4.2,
    type: 'x',
    axis: 'H',
    rvs_graph_id: 3,
    sensor_id: 'S1',
  };
  it('belong to ADMIN, OWNER, SUPERMEMBER and OWNER_RVS; MEMBER reads them only; empty reads "-"', async () => {
    const body = { ...point, model_code: model.code };
    const created = await as('supmem', 'POST', '/api/v1/rvs/sensor-point-notes', body);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      description: '-',
      sensor_id: 'S1',
      axis: 'H',
      y_position: 4.2,
      rvs_graph_id: '3',
    });
    const denied = await as('member', 'POST', '/api/v1/rvs/sensor-point-notes', body);
    expect(denied.statusCode).toBe(403);
    const tooLong = await as('owner', 'POST', '/api/v1/rvs/sensor-point-notes', {
      ...body,
      description: 'x'.repeat(251),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toContain('description: at most 250 characters');

    const range = `modelCode=${model.code}&startDate=2026-11-20T00:00:00.000Z&endDate=2026-11-21T00:00:00.000Z`;
    const listed = (await as('member', 'GET', `/api/v1/rvs/sensor-point-notes?${range}`)).json();
    expect(listed.map((n: { id: string }) => n.id)).toEqual([created.json().id]);

    const id = created.json().id as string;
    const update = { modelCode: model.code, description: 'Impact at 03:00', noteId: id };
    expect((await as('member', 'PUT', '/api/v1/rvs/sensor-point-notes', update)).statusCode).toBe(403);
    expect((await as('ownerRvs', 'PUT', '/api/v1/rvs/sensor-point-notes', update)).json().description).toBe(
      'Impact at 03:00',
    );
    const remove = `/api/v1/rvs/sensor-point-notes?model_code=${model.code}&note_id=${id}`;
    expect((await as('member', 'DELETE', remove)).statusCode).toBe(403);
    expect((await as('owner', 'DELETE', remove)).statusCode).toBe(200);
    expect((await as('member', 'GET', `/api/v1/rvs/sensor-point-notes?${range}`)).json()).toEqual([]);
  });
});
