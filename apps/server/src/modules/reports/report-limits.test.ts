import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { createModel, seedEquipment } from '../../../test/plant.ts';

/**
 * On-demand report PDFs are limited (issue 23 item 15): per user a minute (429 with Retry-After), and the bytes of
 * stored PDFs per company (409). Small limits here, so a few calls reach them.
 */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let mca: { id: string };
let otherMca: { id: string };
const DAY = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  ctx = await createTestContext({
    REPORT_PDF_MAX_PER_USER_PER_MINUTE: '2',
    REPORT_FILES_MAX_MB_PER_COMPANY: '3',
  });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  mca = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P102'), 2);
  otherMca = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.otherCompanyId, 'X1'), 2);
}, 120_000);
afterAll(() => ctx.close());

const pdf = (who: Tenant, modelId = mca.id, companyId = tenants.companyId) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/companies/${companyId}/online-report/pdf?model_id=${modelId}&start=${new Date(now - 2 * DAY).toISOString()}&end=${new Date(now).toISOString()}&type=MCA`,
    headers: { ...CSRF, cookie: cookies[who] },
  });
const filesOf = async (userId: string) =>
  (await ctx.db.selectFrom('report_files').select('id').where('created_by', '=', userId).execute()).length;

describe('report PDF limits', () => {
  it('answers 429 with Retry-After past the PDFs one user may ask for in a minute; others are not held up', async () => {
    for (let i = 0; i < 2; i++) expect((await pdf('owner')).statusCode).toBe(200);
    const refused = await pdf('owner');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/more than 2 report PDFs in a minute.*Try again in \d+ seconds?\./);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The refusal stored nothing; another user of the company still gets theirs.
    expect(await filesOf(tenants.users.owner)).toBe(2);
    expect((await pdf('admin')).statusCode).toBe(200);
    // A minute later (the stored files aged) the user may ask again.
    await ctx.db
      .updateTable('report_files')
      .set({ created_at: new Date(now - 2 * 60_000) })
      .where('created_by', '=', tenants.users.owner)
      .execute();
    expect((await pdf('owner')).statusCode).toBe(200);
  }, 60_000);

  it("answers 409 naming the limit when the company's stored PDFs would pass its cap; another company is not held up", async () => {
    // Three days of scheduled reports fill the company's 3 MB.
    await ctx.db
      .insertInto('report_files')
      .values({
        company_id: tenants.companyId,
        model_id: mca.id,
        kind: 'MCA',
        file_name: 'scheduled.pdf',
        content: Buffer.alloc(3 * 1024 * 1024),
        created_by: null,
      })
      .execute();
    const before = await filesOf(tenants.users.ownerRvs);
    const refused = await pdf('ownerRvs');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(
      /stored report PDFs would take [\d.]+ MB of the 3\.0 MB allowed \(REPORT_FILES_MAX_MB_PER_COMPANY\)/,
    );
    expect(await filesOf(tenants.users.ownerRvs)).toBe(before);
    expect((await pdf('outsider', otherMca.id, tenants.otherCompanyId)).statusCode).toBe(200);
  }, 60_000);
});
