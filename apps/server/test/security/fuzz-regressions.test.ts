import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, type TestContext } from '../harness.ts';
import { seedWorld, type World } from './fuzz-world.ts';

/** Requests the route fuzzer (fuzz.test.ts) found answered with a 5xx or without `{detail}`, kept as plain cases. */
let ctx: TestContext;
let world: World;
let modelId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await seedWorld(ctx);
  modelId = (await ctx.db.selectFrom('equipment_models').select('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => ctx.close());

const as = (who: 'admin' | 'owner') => ({ ...CSRF, cookie: world.cookies[who] });

describe('answers found by the fuzzer', () => {
  it('a multipart body that ends inside its file part answers 400 {detail}, not 500', async () => {
    const boundary = 'b0undary';
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/equipment-models/${modelId}/recommendation`,
      headers: { ...as('admin'), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="recommendation_msg_file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n${'A'.repeat(70_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringMatching(/multipart body is malformed/) });
  });

  it('a multipart part whose header block never ends answers 400 {detail} instead of hanging', async () => {
    // @fastify/busboy 3.2 waited forever for a drain when one write passed its 16 KB high-water mark.
    const boundary = 'b';
    const payload = `--${boundary}\r\n\r\n${'A'.repeat(20_000)}\r\n--${boundary}--\r\n`;
    for (const url of [
      '/api/v1/upload/profiles',
      `/api/v1/upload/equipment-tags?company_id=${world.tenants.companyId}`,
      `/api/v1/equipment-models/${modelId}/recommendation`,
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...as('admin'), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ detail: expect.any(String) });
    }
  }, 10_000);
});
