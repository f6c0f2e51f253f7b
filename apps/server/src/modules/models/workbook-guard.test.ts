import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createModel, seedEquipment } from '../../../test/plant.ts';
import { HttpError } from '../../lib/http-error.ts';
import { WORKBOOK_LIMITS } from './workbook-guard.ts';
import { parseRecommendationWorkbook, recommendationWorkbook } from './workbooks.ts';

interface Entry {
  name: string;
  content: Buffer;
  /** What the central directory claims it unpacks to (default: the truth). */
  declaredSize?: number;
}

/** A minimal ZIP writer (deflate): enough to build workbooks and bombs in memory, nothing committed. */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = deflateRawSync(entry.content);
    const size = entry.declaredSize ?? entry.content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const sheet = (rows: number, filler = '') =>
  Buffer.from(
    `<?xml version="1.0"?><worksheet><sheetData>${'<row r="1"><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(rows)}${filler}</sheetData></worksheet>`,
  );

async function refusal(bytes: Buffer): Promise<{ status: number; detail: string }> {
  const error = await parseRecommendationWorkbook(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, detail: (error as HttpError).message };
}

describe('the recommendation workbook upload (issue 11 item 10: zip bombs)', () => {
  it('refuses an archive that unpacks past the limit before ExcelJS opens it, quoting the limit', async () => {
    // 40 MB of zeros deflate to ~40 KB: the shape of the reported 205 KB bomb.
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(40 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const before = process.memoryUsage().rss;
    expect(await refusal(bomb)).toEqual({
      status: 413,
      detail: 'A part of the workbook unpacks to more than the limit of 16777216 bytes (16 MB).',
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses many parts that together unpack past the total limit', async () => {
    const parts = Array.from({ length: 4 }, (_, index) => ({
      name: `xl/media/part${index}.bin`,
      // Noise: it does not compress, so only the total gives it away.
      content: randomBytes(7 * 1024 * 1024),
    }));
    expect(await refusal(zip(parts))).toEqual({
      status: 413,
      detail: 'The workbook unpacks to more than the limit of 25165824 bytes (24 MB).',
    });
  });

  it('refuses an absurd compression ratio, and a part that holds more than it declares', async () => {
    const ratio = zip([{ name: 'xl/sharedStrings.xml', content: Buffer.alloc(4 * 1024 * 1024) }]);
    expect(await refusal(ratio)).toEqual({
      status: 413,
      detail: 'A part of the workbook is compressed more than 100 times: refused as a zip bomb.',
    });
    const liar = zip([
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(30 * 1024 * 1024), declaredSize: 1000 },
    ]);
    expect(await refusal(liar)).toEqual({
      status: 413,
      detail: 'A part of the workbook unpacks to more than it declares (limit 16777216 bytes (16 MB)).',
    });
  });

  it('caps the rows and cells of its worksheets', async () => {
    const rows = zip([{ name: 'xl/worksheets/sheet1.xml', content: sheet(WORKBOOK_LIMITS.rows + 1) }]);
    expect(await refusal(rows)).toEqual({
      status: 413,
      detail: 'The workbook has more than the limit of 10000 rows.',
    });
    const wide = zip([
      {
        name: 'xl/worksheets/sheet1.xml',
        content: Buffer.from(
          `<worksheet><sheetData><row r="1">${'<c/>'.repeat(WORKBOOK_LIMITS.cells + 1)}</row></sheetData></worksheet>`,
        ),
      },
    ]);
    expect(await refusal(wide)).toEqual({
      status: 413,
      detail: 'The workbook has more than the limit of 100000 cells.',
    });
  });

  it('refuses what is not a plain ZIP with the spec text, and still reads a real workbook', async () => {
    const truncated = zip([{ name: 'a.xml', content: sheet(1) }]).subarray(0, 60);
    expect(await refusal(truncated)).toEqual({ status: 415, detail: 'Please upload file excel' });
    const workbook = await recommendationWorkbook(['P-101'], []);
    const rows = await parseRecommendationWorkbook(workbook);
    expect(rows.map((row) => [row.tag_code, row.alarm_type])).toEqual([
      ['P-101', 1],
      ['P-101', 2],
    ]);
  });
});

describe('POST /api/v1/equipment-models/{id}/recommendation', () => {
  let ctx: TestContext;
  let modelId: string;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const { companyId } = await seedTenants(ctx.db);
    modelId = (await createModel(ctx.app, await seedEquipment(ctx.db, companyId), 1)).id;
    owner = await signIn(ctx.app, 'owner@acme.test');
  });
  afterAll(() => ctx.close());

  it('answers a zip bomb with 413 and the limit, and stores nothing', async () => {
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(40 * 1024 * 1024) }]);
    const boundary = '----sdp-bomb';
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/equipment-models/${modelId}/recommendation`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="recommendation_msg_file"; filename="bomb.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bomb,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner, ...CSRF },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      detail: 'A part of the workbook unpacks to more than the limit of 16777216 bytes (16 MB).',
    });
    expect(await ctx.db.selectFrom('stored_files').selectAll().execute()).toEqual([]);
  });
});
