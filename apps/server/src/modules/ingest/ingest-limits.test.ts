import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { MAX_WAVEFORM_SAMPLES } from '@sdp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { BUSY } from './admission.ts';

// Issue 23 items 2, 3 and 9, over real sockets: the key is checked before any of the body is read, a slow client
// holds no storing turn, bodies have a time and an inflation limit, and a waveform has a sample cap in every form.
let ctx: TestContext;
let key: string;
let otherKey: string;
let model: { id: string; code: string };
let rvs: { id: string; code: string };
let port: number;
const START = Date.parse('2026-10-01T00:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({
    // One batch stored at a time and none waiting: any slot held by a slow client would refuse the next batch.
    INGEST_MAX_ACTIVE: '1',
    INGEST_MAX_WAITING: '0',
    INGEST_BODY_TIMEOUT_SECONDS: '2',
    INGEST_MAX_READS_PER_KEY: '1',
  });
  const tenants = await seedTenants(ctx.db);
  const tag = await seedEquipment(ctx.db, tenants.companyId, 'LIM1');
  model = await createModel(ctx.app, tag, 1);
  rvs = await createModel(ctx.app, tag, 5, {
    raw_vibration_sensor_in: [{ sensorId: 'S1', sensorName: 'Pump DE', machine: 'driven' }],
  });
  key = await createIngestKey(ctx.app, tenants.companyId);
  otherKey = await createIngestKey(ctx.app, tenants.companyId);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => ctx.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: { detail?: string; accepted?: number };
}

/**
 * A request over a raw socket: the head and `sent` bytes of a body that announces `contentLength`; the rest is
 * never sent. Answers the response once it has arrived, with the bytes the client had written by then.
 */
function partialRequest(options: {
  path: string;
  headers: Record<string, string>;
  contentLength: number;
  sent: Buffer;
}): { socket: Socket; answer: Promise<Answer> } {
  const socket = connect(port, '127.0.0.1');
  const head = [
    `POST ${options.path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Length: ${options.contentLength}`,
    ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  socket.write(options.sent);
  const answer = new Promise<Answer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) return;
      resolve({
        status: Number(statusLine?.split(' ')[1]),
        headers,
        body: JSON.parse(received.subarray(end + 4, end + 4 + length).toString('utf8')),
      });
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('closed before an answer')));
  });
  return { socket, answer };
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));

const batch = (from: number, count: number) =>
  JSON.stringify({
    modelCode: model.code,
    points: Array.from({ length: count }, (_, i) => ({
      tag: 'h2',
      ts: START + (from + i) * 1000,
      value: i % 7,
    })),
  });

const ingest = (body: string | Buffer<ArrayBuffer>, headers: Record<string, string> = {}, bearer = key) =>
  fetch(`http://127.0.0.1:${port}/api/v1/ingest/measurements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...headers },
    body,
  });

const stored = async () =>
  (
    await ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM measurements m JOIN series s ON s.id = m.series_id WHERE s.model_id = $1`,
      [model.id],
    )
  ).rows[0]?.n;

describe('the ingest key is checked before the body (issue 23 item 3)', () => {
  it('answers 401 to a missing or wrong key while most of a large body, plain or gzip, is still unsent', async () => {
    const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, ' '));
    for (const [authorization, encoding] of [
      [null, null],
      ['Bearer sdp_wrong_key', null],
      [null, 'gzip'],
      ['Bearer sdp_wrong_key', 'gzip'],
    ] as const) {
      const { socket, answer } = partialRequest({
        path: '/api/v1/ingest/measurements',
        headers: {
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
          ...(encoding ? { 'content-encoding': encoding } : {}),
        },
        // 10 MB announced, 16 KB sent: an answer can only come from the headers.
        contentLength: 10 * 1024 * 1024,
        sent: encoding ? bomb.subarray(0, 16 * 1024) : Buffer.alloc(16 * 1024, ' '),
      });
      const { status, headers, body } = await answer;
      expect(status).toBe(401);
      expect(body).toEqual({ detail: 'A valid ingest key is required: Authorization: Bearer <key>.' });
      // The unread body is not drained: the server ends the connection with its answer.
      expect(headers.connection).toBe('close');
      await closed(socket);
    }
  });
});

describe('slow clients hold no ingestion turn (issue 23 item 2)', () => {
  it('stores an authenticated batch while slow anonymous connections trickle, with one turn and no queue', async () => {
    const slow = Array.from({ length: 8 }, () =>
      partialRequest({
        path: '/api/v1/ingest/measurements',
        headers: { 'content-type': 'application/json' },
        contentLength: 1024 * 1024,
        sent: Buffer.from('{"modelCode":'),
      }),
    );
    const before = await stored();
    const response = await ingest(batch(0, 500));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ accepted: 500, rejected: 0 });
    expect(await stored()).toBe((before ?? 0) + 500);
    for (const { socket, answer } of slow) {
      expect((await answer).status).toBe(401);
      socket.destroy();
    }
  });

  it('lets another key store while one key trickles its body, refuses that key a second body, and ends the slow one with 408', async () => {
    const body = batch(1000, 200);
    const { socket, answer } = partialRequest({
      path: '/api/v1/ingest/measurements',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      contentLength: Buffer.byteLength(body),
      sent: Buffer.from(body.slice(0, 100)),
    });
    const before = (await stored()) ?? 0;
    // The storing turn is free: the other key's batch is stored while the first body is still arriving.
    const other = await ingest(batch(2000, 300), {}, otherKey);
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ accepted: 300 });
    // The slow key has its one body in flight (INGEST_MAX_READS_PER_KEY=1): a second is refused before it is read.
    const second = await ingest(batch(3000, 10));
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await second.json()).toEqual({ detail: BUSY });
    // INGEST_BODY_TIMEOUT_SECONDS=2: the trickling body is refused, nothing of it stored.
    expect(await answer).toMatchObject({
      status: 408,
      body: { detail: 'The request body did not arrive within 2 s (INGEST_BODY_TIMEOUT_SECONDS).' },
    });
    await closed(socket);
    expect(await stored()).toBe(before + 300);
    // Its place is free again.
    const again = await ingest(batch(3000, 10));
    expect(again.status).toBe(200);
    expect(await stored()).toBe(before + 310);
  });
});

describe('bodies are bounded (issue 23 items 3 and 9)', () => {
  it('refuses a gzip bomb with 413 naming the ratio, without inflating it all', async () => {
    // 64 MB of JSON whitespace in 64 KB of gzip (ratio ~1,000, default INGEST_GZIP_MAX_RATIO 100).
    const bomb = gzipSync(
      Buffer.concat([
        Buffer.from(`{"modelCode":"${model.code}","points":[`),
        Buffer.alloc(64 * 1024 * 1024, ' '),
        Buffer.from(']}'),
      ]),
    );
    const before = await stored();
    const response = await ingest(bomb, { 'content-encoding': 'gzip' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      detail:
        'The gzip body inflates more than 100 times its size (INGEST_GZIP_MAX_RATIO): refused as a decompression bomb.',
    });
    expect(await stored()).toBe(before);
    // An ordinary gzip batch (ratio ~10) is taken.
    const ordinary = await ingest(gzipSync(batch(5000, 5000)), { 'content-encoding': 'gzip' });
    expect(ordinary.status).toBe(200);
    expect(await ordinary.json()).toMatchObject({ accepted: 5000 });
  });

  it('parses a large JSON batch off the event loop and refuses one with too many points with 413', async () => {
    // ~6 MB: over the 4 MB at which the body is parsed on a compute thread.
    const points = Array.from({ length: 80_000 }, (_, i) => ({
      tag: 'h2',
      ts: new Date(START + (10_000 + i) * 1000).toISOString(),
      value: i / 7,
    }));
    const large = JSON.stringify({ modelCode: model.code, points });
    expect(large.length).toBeGreaterThan(4 * 1024 * 1024);
    const response = await ingest(large);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ accepted: 80_000, rejected: 0 });
    const tooMany = JSON.stringify({
      modelCode: model.code,
      points: Array.from({ length: 100_001 }, (_, i) => ({ tag: 'h2', ts: START + i * 1000, value: 1.5 })),
    });
    expect(tooMany.length).toBeGreaterThan(4 * 1024 * 1024);
    const refused = await ingest(tooMany);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ detail: 'At most 100000 points per request.' });
  });

  it('splits a large CSV batch off the event loop and refuses one with too many rows with 413', async () => {
    const csv = (from: number, rows: number) =>
      `modelCode,tag,ts,value\n${Array.from(
        { length: rows },
        (_, i) => `${model.code},h2,${new Date(START + (from + i) * 1000).toISOString()},${(i % 97) / 3}`,
      ).join('\n')}\n`;
    const large = csv(200_000, 90_000);
    expect(large.length).toBeGreaterThan(4 * 1024 * 1024);
    const response = await ingest(large, { 'content-type': 'text/csv' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ accepted: 90_000, rejected: 0 });
    const refused = await ingest(csv(300_000, 100_001), { 'content-type': 'text/csv' });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ detail: 'At most 100000 points per request.' });
  });

  it('caps a binary waveform at the samples of the JSON form, naming the cap; the cap itself is stored', async () => {
    const query = (fileName: string) =>
      new URLSearchParams({
        modelCode: rvs.code,
        sensor: 'S1',
        kind: 'vibration',
        channel: 'x',
        sampleRate: '65536',
        capturedAt: '2026-10-02T00:00:00Z',
        unit: 'm/s2',
        fileName,
      });
    const waveform = (fileName: string, samples: number, contentType = 'application/octet-stream') =>
      fetch(`http://127.0.0.1:${port}/api/v1/ingest/waveforms?${query(fileName)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
        body:
          contentType === 'application/json'
            ? JSON.stringify({
                ...Object.fromEntries(query(fileName)),
                sampleRate: 65536,
                samples: Array.from({ length: samples }, (_, i) => i % 3),
              })
            : Buffer.from(Float32Array.from({ length: samples }, (_, i) => Math.sin(i)).buffer),
      });
    const over = await waveform('over.bin', MAX_WAVEFORM_SAMPLES + 1);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({
      detail: 'A waveform holds at most 1048576 samples (4194304 bytes of float32); this body is larger.',
    });
    const overJson = await waveform('over.json', MAX_WAVEFORM_SAMPLES + 1, 'application/json');
    expect(overJson.status).toBe(413);
    expect(await overJson.json()).toEqual({ detail: 'A waveform holds at most 1048576 samples.' });
    const cap = await waveform('cap.bin', MAX_WAVEFORM_SAMPLES);
    expect(cap.status).toBe(200);
    expect(await cap.json()).toMatchObject({ samples: MAX_WAVEFORM_SAMPLES });
    const rows = await ctx.database.pool.query(
      `SELECT file_name FROM waveforms WHERE model_id = $1 ORDER BY file_name`,
      [rvs.id],
    );
    expect(rows.rows.map((row) => row.file_name)).toEqual(['cap.bin']);
  });
});
