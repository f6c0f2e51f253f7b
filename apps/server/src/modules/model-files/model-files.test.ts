import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { assignEquipment, createModel, seedEquipment } from '../../../test/plant.ts';
import { isPdf, textPdf } from '../../lib/pdf.ts';

let ctx: TestContext;
let cookies: Record<Tenant, string>;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
/** A model on equipment assigned to the member and supermember, one on equipment not assigned, one of another company. */
let assigned: string;
let unassigned: string;
let other: string;

// A real 1×1 PNG: recognised by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = textPdf('PM report', ['Inspection of TX1', 'All readings normal']);
const IMAGE_MAX = 64 * 1024;
const DOCUMENT_MAX = 32 * 1024;
const FILES_DIR = () => ctx.config.filesDir;

const send = (who: Tenant, url: string, field: string, name: string, bytes: Buffer, type: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    ...multipart(field, name, bytes, type),
    headers: { ...multipart(field, name, bytes, type).headers, cookie: cookies[who] },
  });
const addImage = (who: Tenant, modelId: string, bytes: Buffer = PNG, name = 'tx1.png') =>
  send(who, `/api/v1/equipment-models/${modelId}/images`, 'image_file', name, bytes, 'image/png');
const addDocument = (who: Tenant, modelId: string, type: string, bytes: Buffer = PDF, name = 'report.pdf') =>
  send(
    who,
    `/api/v1/equipment-models/${modelId}/documents?type=${type}`,
    'documentation_file',
    name,
    bytes,
    'application/pdf',
  );
const as = (...args: Parameters<typeof requestAs> extends [unknown, unknown, ...infer R] ? R : never) =>
  requestAs(ctx.app, cookies, ...args);
const stored = async (kind: string) => {
  try {
    return (await readdir(path.join(FILES_DIR(), kind))).sort();
  } catch {
    return [];
  }
};
const fileRows = (kind: string) =>
  ctx.db
    .selectFrom('stored_files')
    .select('name')
    .where('kind', '=', kind as 'model-images')
    .execute();

beforeAll(async () => {
  ctx = await createTestContext({
    UPLOAD_MAX_BYTES: String(IMAGE_MAX),
    DOCUMENT_MAX_BYTES: String(DOCUMENT_MAX),
  });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  const tagA = await seedEquipment(ctx.db, tenants.companyId, 'TA');
  const tagB = await seedEquipment(ctx.db, tenants.companyId, 'TB');
  const tagOther = await seedEquipment(ctx.db, tenants.otherCompanyId, 'TO');
  await assignEquipment(ctx.db, tenants.users.member, tagA);
  await assignEquipment(ctx.db, tenants.users.supmem, tagA);
  assigned = (await createModel(ctx.app, tagA, 1)).id;
  unassigned = (await createModel(ctx.app, tagB, 2)).id;
  other = (await createModel(ctx.app, tagOther, 1)).id;
}, 60_000);
afterAll(() => ctx?.close());

describe('model images', () => {
  it('adds, lists, serves and deletes a picture with its stored file', async () => {
    const added = await addImage('owner', assigned);
    expect(added.statusCode).toBe(201);
    const image = added.json();
    expect(image).toMatchObject({
      message: 'Add image Success.',
      image_name: 'tx1.png',
      image_size: PNG.length,
    });
    expect(image.url).toMatch(/^\/api\/v1\/files\/model-images\/tx1-\d+-[0-9a-f]{16}\.png$/);

    const list = await as('member', 'GET', `/api/v1/equipment-models/${assigned}/images`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: image.id, url: image.url })]);

    const served = await as('member', 'GET', image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const name = path.basename(image.url);
    expect(await stored('model-images')).toContain(name);

    const removed = await as('owner', 'DELETE', `/api/v1/equipment-models/${assigned}/images/${image.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Delete image Success.' });
    expect((await as('owner', 'GET', `/api/v1/equipment-models/${assigned}/images`)).json()).toEqual([]);
    expect(await stored('model-images')).not.toContain(name);
    expect((await as('owner', 'GET', image.url)).statusCode).toBe(404);
    // Deleting it again: there is no such picture any more.
    expect(
      (await as('owner', 'DELETE', `/api/v1/equipment-models/${assigned}/images/${image.id}`)).statusCode,
    ).toBe(404);
  });

  it('refuses what is not a jpeg or png by content (415) and what is too large (413), keeping nothing', async () => {
    const before = { files: await stored('model-images'), rows: await fileRows('model-images') };
    const fake = await addImage(
      'owner',
      assigned,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.png',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ detail: 'Please upload file with type: jpeg, jpg, png' });
    const pdfAsImage = await addImage('owner', assigned, PDF, 'report.png');
    expect(pdfAsImage.statusCode).toBe(415);
    const big = await addImage('owner', assigned, Buffer.alloc(IMAGE_MAX + 1, 1), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toContain(`${IMAGE_MAX} bytes`);
    const wrongField = await send(
      'owner',
      `/api/v1/equipment-models/${assigned}/images`,
      'file',
      'a.png',
      PNG,
      'image/png',
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toContain('image_file');
    const notMultipart = await as('owner', 'POST', `/api/v1/equipment-models/${assigned}/images`, {});
    expect(notMultipart.statusCode).toBe(415);
    expect(await stored('model-images')).toEqual(before.files);
    expect(await fileRows('model-images')).toEqual(before.rows);
  });

  it('lets ADMIN, OWNER and OWNER_RVS change pictures; SUPERMEMBER and MEMBER only look (403)', async () => {
    for (const who of ['admin', 'ownerRvs'] as const)
      expect((await addImage(who, assigned)).statusCode).toBe(201);
    const [first] = (await as('owner', 'GET', `/api/v1/equipment-models/${assigned}/images`)).json();
    for (const who of ['supmem', 'member'] as const) {
      const refused = await addImage(who, assigned);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBeTruthy();
      expect(
        (await as(who, 'DELETE', `/api/v1/equipment-models/${assigned}/images/${first.id}`)).statusCode,
      ).toBe(403);
    }
    expect((await as('owner', 'GET', `/api/v1/equipment-models/${assigned}/images`)).json()).toHaveLength(2);
  });

  it('answers 404 for a model of another company, unassigned equipment, or an image of another model', async () => {
    expect((await addImage('owner', other)).statusCode).toBe(404);
    expect((await as('owner', 'GET', `/api/v1/equipment-models/${other}/images`)).statusCode).toBe(404);
    expect((await as('outsider', 'GET', `/api/v1/equipment-models/${assigned}/images`)).statusCode).toBe(404);
    expect((await as('member', 'GET', `/api/v1/equipment-models/${unassigned}/images`)).statusCode).toBe(404);
    const mine = (await addImage('owner', assigned)).json();
    expect(
      (await as('owner', 'DELETE', `/api/v1/equipment-models/${unassigned}/images/${mine.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await as('outsider', 'DELETE', `/api/v1/equipment-models/${assigned}/images/${mine.id}`)).statusCode,
    ).toBe(404);
  });

  it('serves a model picture only to who sees its equipment', async () => {
    const onUnassigned = (await addImage('owner', unassigned)).json();
    expect((await as('owner', 'GET', onUnassigned.url)).statusCode).toBe(200);
    expect((await as('admin', 'GET', onUnassigned.url)).statusCode).toBe(200);
    expect((await as('member', 'GET', onUnassigned.url)).statusCode).toBe(404);
    expect((await as('supmem', 'GET', onUnassigned.url)).statusCode).toBe(404);
    expect((await as('outsider', 'GET', onUnassigned.url)).statusCode).toBe(404);
  });
});

describe('model documents', () => {
  it('has none at first, then stores a PM report, serves it inline as a PDF and replaces it', async () => {
    const empty = await as('owner', 'GET', `/api/v1/equipment-models/${assigned}/documents`);
    expect(empty.json()).toEqual({
      pm_report: null,
      manual: null,
      files: { pm_report: null, manual: null },
      can_edit: true,
    });

    const first = await addDocument('owner', assigned, 'pm_report');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Import document Success.' });
    const firstUrl = first.json().url as string;
    expect(firstUrl).toMatch(/^\/api\/v1\/files\/model-documents\/report-\d+-[0-9a-f]{16}\.pdf$/);

    const info = (await as('member', 'GET', `/api/v1/equipment-models/${assigned}/documents`)).json();
    expect(info).toMatchObject({
      can_edit: false,
      pm_report: firstUrl,
      manual: null,
      files: { pm_report: { url: firstUrl, file_name: 'report.pdf', file_size: PDF.length }, manual: null },
    });
    const served = await as('member', 'GET', firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^inline/);
    expect(served.rawPayload.equals(PDF)).toBe(true);

    const newer = textPdf('PM report', ['Second inspection']);
    const second = await addDocument('ownerRvs', assigned, 'pm_report', newer, 'report-2.pdf');
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().url as string;
    expect(secondUrl).not.toBe(firstUrl);
    const after = (await as('owner', 'GET', `/api/v1/equipment-models/${assigned}/documents`)).json();
    expect(after.pm_report).toBe(secondUrl);
    expect(after.files.pm_report.file_name).toBe('report-2.pdf');
    // The replaced file is gone: row and bytes.
    expect((await as('owner', 'GET', firstUrl)).statusCode).toBe(404);
    expect(await stored('model-documents')).not.toContain(path.basename(firstUrl));
    expect(await stored('model-documents')).toContain(path.basename(secondUrl));

    const manual = await addDocument('admin', assigned, 'manual', PDF, 'manual.pdf');
    expect(manual.statusCode).toBe(200);
    const both = (await as('owner', 'GET', `/api/v1/equipment-models/${assigned}/documents`)).json();
    expect(both.manual).toBe(manual.json().url);
    expect(both.pm_report).toBe(secondUrl);
  });

  it('refuses a non-PDF (415), a truncated PDF (415), an oversized one (413) and an unknown type (400)', async () => {
    const before = { files: await stored('model-documents'), rows: await fileRows('model-documents') };
    const png = await addDocument('owner', assigned, 'manual', PNG, 'manual.pdf');
    expect(png.statusCode).toBe(415);
    expect(png.json()).toEqual({ detail: 'Please upload PDF file only' });
    const truncated = await addDocument('owner', assigned, 'manual', PDF.subarray(0, PDF.length - 40));
    expect(truncated.statusCode).toBe(415);
    const padded = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(DOCUMENT_MAX, 32),
      Buffer.from('%%EOF\n'),
    ]);
    const big = await addDocument('owner', assigned, 'manual', padded);
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toContain(`${DOCUMENT_MAX} bytes`);
    const badType = await addDocument('owner', assigned, 'invoice');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().detail).toContain('type');
    expect(await stored('model-documents')).toEqual(before.files);
    expect(await fileRows('model-documents')).toEqual(before.rows);
  });

  it('lets only the roles that edit a model upload (403), and hides other companies and unassigned equipment (404)', async () => {
    for (const who of ['supmem', 'member'] as const) {
      const refused = await addDocument(who, assigned, 'pm_report');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBeTruthy();
    }
    expect((await addDocument('owner', other, 'pm_report')).statusCode).toBe(404);
    expect((await as('owner', 'GET', `/api/v1/equipment-models/${other}/documents`)).statusCode).toBe(404);
    expect((await as('member', 'GET', `/api/v1/equipment-models/${unassigned}/documents`)).statusCode).toBe(
      404,
    );
    const onUnassigned = (await addDocument('owner', unassigned, 'manual')).json();
    expect((await as('member', 'GET', onUnassigned.url)).statusCode).toBe(404);
    expect((await as('owner', 'GET', onUnassigned.url)).statusCode).toBe(200);
  });

  it('removes the written bytes when the row cannot be saved', async () => {
    const before = await stored('model-documents');
    // The document row cannot be written (a trigger refuses it) after the file was recorded and written.
    const doomed = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'TD'), 1);
    await ctx.database.pool.query(
      `CREATE FUNCTION sdp_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
    );
    await ctx.database.pool.query(
      'CREATE TRIGGER sdp_test_refuse BEFORE INSERT ON equipment_model_documents FOR EACH ROW EXECUTE FUNCTION sdp_test_refuse()',
    );
    try {
      const failed = await addDocument('owner', doomed.id, 'pm_report');
      expect(failed.statusCode).toBe(500);
    } finally {
      await ctx.database.pool.query('DROP TRIGGER sdp_test_refuse ON equipment_model_documents');
      await ctx.database.pool.query('DROP FUNCTION sdp_test_refuse()');
    }
    expect(await stored('model-documents')).toEqual(before);
    expect(
      (await as('owner', 'GET', `/api/v1/equipment-models/${doomed.id}/documents`)).json().pm_report,
    ).toBeNull();
  });
});

describe('pdf', () => {
  it('recognises PDFs by content and writes valid ones', () => {
    expect(isPdf(PDF)).toBe(true);
    expect(PDF.toString('latin1')).toMatch(/^%PDF-1\.4\n[\s\S]*startxref\n\d+\n%%EOF\n$/);
    // The cross-reference table points at each object.
    const text = PDF.toString('latin1');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets.map((offset) => text.slice(offset, offset + 7))).toEqual(
      offsets.map((_, index) => `${index + 1} 0 obj`),
    );
    expect(isPdf(PNG)).toBe(false);
    expect(isPdf(Buffer.from('%PDF-1.4 but no end'))).toBe(false);
  });
});
