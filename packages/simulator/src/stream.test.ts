import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_POINTS_PER_REQUEST, waveformMeta } from '@sdp/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { FAST_INTERVAL_MS, SLOW_INTERVAL_MS } from './generators/model-simulator.ts';
import { modelSimulator } from './generators/simulators.ts';
import { DAY_MS, HOUR_MS } from './generators/timeline.ts';
import { demoPlant } from './plant.ts';
import {
  historyBatches,
  type IngestItem,
  IngestRejectedError,
  liveBatches,
  pushBatch,
  runDemo,
  WAVEFORM_CAPTURE_OFFSET_MS,
} from './stream.ts';
import { contextFor, NOW, ORIGIN, SEED } from './test-helpers.ts';

type Point = { tag: string; ts: unknown; value: unknown };

function pointsOf(items: Iterable<IngestItem>): Map<string, unknown> {
  const points = new Map<string, unknown>();
  for (const item of items) {
    if (item.kind !== 'measurements') continue;
    for (const point of item.body.points)
      points.set(`${item.body.modelCode}|${point.tag}|${point.ts}`, point.value);
  }
  return points;
}

/** Waveform channels of the whole plant: one capture each per day of history and per hour live. */
const WAVEFORM_CHANNELS = demoPlant.models.reduce(
  (n, model) => n + modelSimulator(model, contextFor()).waveforms.length,
  0,
);
const waveformBytes = (item: IngestItem) =>
  item.kind === 'waveform' ? Buffer.from(item.samples.buffer).toString('base64') : JSON.stringify(item.body);

describe('historyBatches', () => {
  const twoDays = (seed: number) => [
    ...historyBatches(demoPlant, { from: NOW - 2 * DAY_MS, to: NOW, seed, origin: ORIGIN }),
  ];

  it('gives the same bytes for the same seed and other values for another seed', () => {
    const first = twoDays(SEED).map(waveformBytes);
    expect(twoDays(SEED).map(waveformBytes)).toEqual(first);
    const other = twoDays(SEED + 1).map(waveformBytes);
    expect(other).toHaveLength(first.length);
    expect(other.filter((bytes, i) => bytes === first[i]).length).toBe(0);
  });

  it('puts points on the same epoch-aligned grid whatever the window, so a range pushed again repeats itself', () => {
    const options = { from: NOW - 3 * DAY_MS, to: NOW, seed: SEED, origin: ORIGIN };
    const daily = pointsOf(historyBatches(demoPlant, options));
    const fiveHourly = pointsOf(historyBatches(demoPlant, { ...options, windowMs: 5 * HOUR_MS }));
    const overlapping = pointsOf(historyBatches(demoPlant, { ...options, from: NOW - 1.5 * DAY_MS }));
    expect(fiveHourly).toEqual(daily);
    for (const [key, value] of overlapping) expect(daily.get(key), key).toBe(value);
  });

  it('sends the intended 90-day volume in batches within the contract, in time order', () => {
    const from = NOW - 90 * DAY_MS;
    const counts = {
      points: 0,
      waveforms: 0,
      pdWaveforms: 0,
      bytes: 0,
      batches: 0,
      misplaced: 0,
      unordered: 0,
      notFinite: 0,
    };
    const lastTs = new Map<string, number>();
    let windowEnd = 0;
    for (const item of historyBatches(demoPlant, { from, to: NOW, seed: SEED, origin: ORIGIN })) {
      if (item.kind === 'measurements') {
        const { modelCode, points } = item.body;
        expect(points.length).toBeGreaterThan(0);
        expect(points.length).toBeLessThanOrEqual(Math.min(20_000, MAX_POINTS_PER_REQUEST));
        counts.points += points.length;
        counts.batches++;
        for (const point of points as Point[]) {
          const ts = point.ts as number;
          if (!(ts > from && ts <= NOW)) counts.misplaced++;
          if (ts < (lastTs.get(modelCode) ?? 0)) counts.unordered++;
          if (!Number.isFinite(point.value)) counts.notFinite++;
          lastTs.set(modelCode, ts);
          windowEnd = Math.max(windowEnd, ts);
        }
      } else {
        const t = Date.parse(String(item.meta.capturedAt));
        expect(waveformMeta.parse(item.meta)).toMatchObject({ length: item.samples.length });
        expect(t % DAY_MS).toBe(WAVEFORM_CAPTURE_OFFSET_MS);
        // A capture follows the scalars of its day and precedes the next day's.
        expect(Math.abs(t - windowEnd)).toBeLessThan(DAY_MS);
        counts.waveforms++;
        // PD captures hold as many (phase, charge) pairs as the acquisition caught pulses.
        if (item.meta.kind === 'pd') counts.pdWaveforms++;
        else counts.bytes += item.samples.byteLength;
      }
    }
    expect([counts.misplaced, counts.unordered, counts.notFinite]).toEqual([0, 0, 0]);
    // Per model: 30-min tags × 48 a day, 2-h tags × 12 a day, over 90 days; captures once a day per channel.
    const expected = demoPlant.models.reduce((sum, model) => {
      const simulator = modelSimulator(model, contextFor());
      const perDay = simulator.scalars.reduce((n, channel) => n + DAY_MS / channel.intervalMs, 0);
      return sum + 90 * perDay;
    }, 0);
    expect(counts.points).toBe(expected);
    // 313,200 before the EVS sensors sent their battery: 2 fan trains × 3 sensors × 12 a day × 90 days more.
    expect(counts.points).toBe(319_680);
    // 12 channels of 16,384 samples: 2 RVS sensors × 3 axes, 2 MCA motors × 3 phases; 12 V–I locus channels of
    // 1,000 samples: 2 transformers × 3 phases × current and voltage; 4 PD captures: 2 transformers × 2 UHF sensors.
    // Captures once a day per channel: fixed-length channels by their length, PD captures (2 transformers × 2 UHF
    // sensors) by their pulses.
    const channelsOf = demoPlant.models.flatMap((model) => modelSimulator(model, contextFor()).waveforms);
    expect(counts.waveforms).toBe(90 * channelsOf.length);
    expect(counts.pdWaveforms).toBe(90 * 4);
    expect(counts.bytes).toBe(
      90 * channelsOf.filter((w) => w.kind !== 'pd').reduce((sum, w) => sum + 4 * w.length, 0),
    );
    // One batch per model and day.
    expect(counts.batches).toBe(90 * demoPlant.models.length);
  });
});

describe('liveBatches', () => {
  it('sends fast tags at the tick and slow tags and captures that fell due since the previous tick', () => {
    const grid = Math.floor(NOW / SLOW_INTERVAL_MS) * SLOW_INTERVAL_MS;
    const items = [
      ...liveBatches(demoPlant, { at: grid + 2000, previous: grid - 3000, seed: SEED, origin: ORIGIN }),
    ];
    const points = pointsOf(items);
    const history = pointsOf(
      historyBatches(demoPlant, { from: grid - DAY_MS, to: grid, seed: SEED, origin: ORIGIN }),
    );
    // The slow DGA sample due at the grid instant is the one the history holds.
    expect(points.get(`TX1-TR1|c2h4|${grid}`)).toBe(history.get(`TX1-TR1|c2h4|${grid}`));
    expect(points.get(`TX1-TR1|top_oil_temperature|${grid + 2000}`)).toBeDefined();
    expect(points.has(`TX1-TR1|top_oil_temperature|${grid}`)).toBe(false);
    // The hourly live capture grid is crossed too: one capture per channel.
    expect(items.filter((item) => item.kind === 'waveform')).toHaveLength(WAVEFORM_CHANNELS);
    const quiet = [
      ...liveBatches(demoPlant, { at: grid + 7000, previous: grid + 2000, seed: SEED, origin: ORIGIN }),
    ];
    expect(quiet.every((item) => item.kind === 'measurements')).toBe(true);
    const fastTags = demoPlant.models.reduce(
      (n, model) =>
        n +
        modelSimulator(model, contextFor()).scalars.filter(
          (channel) => channel.intervalMs === FAST_INTERVAL_MS,
        ).length,
      0,
    );
    expect(pointsOf(quiet).size).toBe(fastTags);
  });
});

/** A stand-in for the ingest API: idempotent like the server, optionally failing first attempts. */
async function fakeIngest(
  behaviour: { dropFirst?: number; status?: number; hang?: boolean; refuseTag?: string } = {},
) {
  const stored = new Set<string>();
  const waveforms = new Map<string, Float32Array>();
  const requests: { url: string; authorization: string | undefined; contentType: string | undefined }[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (request, response) => {
    const body = await read(request);
    requests.push({
      url: request.url!,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
    });
    if (behaviour.hang) return;
    if (behaviour.status) {
      response.writeHead(behaviour.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'Unknown model code.' }));
      return;
    }
    const url = new URL(request.url!, 'http://x');
    let answer: unknown;
    if (url.pathname === '/api/v1/ingest/measurements') {
      const { modelCode, points } = JSON.parse(body.toString()) as { modelCode: string; points: Point[] };
      let accepted = 0;
      const errors: { row: number; reason: string }[] = [];
      for (const [row, point] of points.entries()) {
        if (point.tag === behaviour.refuseTag) {
          errors.push({ row, reason: `unknown tag ${point.tag} for model ${modelCode}` });
          continue;
        }
        const key = `${modelCode}|${point.tag}|${point.ts}`;
        if (!stored.has(key)) accepted++;
        stored.add(key);
      }
      answer = {
        accepted,
        duplicates: points.length - accepted - errors.length,
        rejected: errors.length,
        errors,
      };
    } else {
      const meta = Object.fromEntries(url.searchParams);
      // As the server's UNIQUE (model, sensor, kind, channel, captured_at): a locus capture is a current and a voltage.
      const key = `${meta.modelCode}|${meta.sensor}|${meta.kind}|${meta.channel}|${meta.capturedAt}`;
      const duplicate = waveforms.has(key);
      const copy = new Uint8Array(body);
      waveforms.set(key, new Float32Array(copy.buffer, 0, copy.length / 4));
      answer = { id: key, duplicate, samples: body.length / 4 };
    }
    if (requests.length <= (behaviour.dropFirst ?? 0)) {
      // Received and stored, but the answer is lost: the client cannot know.
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  cleanups.push(close);
  return { baseUrl: `http://127.0.0.1:${port}`, stored, waveforms, requests };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

describe('pushBatch', () => {
  const [batch] = historyBatches(demoPlant, { from: NOW - DAY_MS, to: NOW, seed: SEED, origin: ORIGIN });

  it('retries a batch whose answer was lost; the batch arrives once', async () => {
    const server = await fakeIngest({ dropFirst: 1 });
    const result = await pushBatch(server.baseUrl, 'sdp_ingest_key', batch!, fetch, { backoffMs: 10 });
    const points = batch!.kind === 'measurements' ? batch!.body.points.length : 0;
    expect(server.requests).toHaveLength(2);
    expect(server.stored.size).toBe(points);
    expect(result).toEqual({
      kind: 'measurements',
      result: { accepted: 0, duplicates: points, rejected: 0, errors: [] },
    });
    expect(server.requests[0]).toMatchObject({
      url: '/api/v1/ingest/measurements',
      authorization: 'Bearer sdp_ingest_key',
      contentType: 'application/json',
    });
  });

  it('sends a waveform as little-endian float32 with its metadata in the query', async () => {
    const server = await fakeIngest();
    const item = [
      ...historyBatches(demoPlant, { from: NOW - DAY_MS, to: NOW, seed: SEED, origin: ORIGIN }),
    ].find((candidate) => candidate.kind === 'waveform' && candidate.samples.length === 16_384)!;
    if (item.kind !== 'waveform') throw new Error('no waveform in a day of history');
    const result = await pushBatch(`${server.baseUrl}/`, 'k', item);
    expect(result).toMatchObject({ kind: 'waveform', result: { duplicate: false, samples: 16_384 } });
    const request = server.requests[0]!;
    expect(request.contentType).toBe('application/octet-stream');
    const query = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
    expect(waveformMeta.parse(query)).toEqual(waveformMeta.parse(item.meta));
    const received = [...server.waveforms.values()][0]!;
    const view = new DataView(received.buffer);
    for (const i of [0, 1, 8191, 16_383]) expect(view.getFloat32(4 * i, true)).toBe(item.samples[i]);
  });

  it('does not retry a batch the server refuses', async () => {
    const server = await fakeIngest({ status: 400 });
    await expect(pushBatch(server.baseUrl, 'k', batch!, fetch, { backoffMs: 10 })).rejects.toThrow(
      IngestRejectedError,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after its attempts when nothing answers', async () => {
    const server = await fakeIngest({ dropFirst: 99 });
    await expect(
      pushBatch(server.baseUrl, 'k', batch!, fetch, { attempts: 3, backoffMs: 5 }),
    ).rejects.toThrow(/after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });
});

describe('runDemo', () => {
  it('pushes the history, streams live ticks, and stops when aborted, logging one line per phase', async () => {
    // The first two history requests lose their answers: they are sent again and stored once.
    const server = await fakeIngest({ dropFirst: 2 });
    const lines: string[] = [];
    const controller = new AbortController();
    let reads = 0;
    const summary = await runDemo({
      baseUrl: server.baseUrl,
      key: 'k',
      historyDays: 1,
      liveIntervalMs: 5,
      signal: controller.signal,
      // Read at the start, at the end of the history, then once per live tick; the third tick aborts.
      now: () => {
        reads++;
        if (reads === 5) controller.abort();
        return reads <= 2 ? NOW : NOW + (reads - 2) * 5000;
      },
      log: (line) => lines.push(line),
    });
    const fastTags = demoPlant.models.reduce(
      (n, model) => n + modelSimulator(model, contextFor()).scalars.filter((channel) => channel.live).length,
      0,
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(
        `^demo: history .* 3,552 points \\([\\d,]+ already stored\\), ${WAVEFORM_CHANNELS} waveforms in 0\\.0 s$`,
      ),
    );
    expect(lines[1]).toBe('demo: streaming live data every 0.005 s');
    expect(lines[2]).toBe(`demo: live stream stopped after 2 ticks (${2 * fastTags} points, 0 waveforms)`);
    expect(summary).toMatchObject({
      historyPoints: 3552,
      historyWaveforms: WAVEFORM_CHANNELS,
      liveTicks: 2,
      livePoints: 2 * fastTags,
    });
    expect(server.stored.size).toBe(3552 + 2 * fastTags);
    expect(server.waveforms.size).toBe(WAVEFORM_CHANNELS);
  });

  it('stops during the history when aborted, without an error', async () => {
    const server = await fakeIngest({ hang: true });
    const lines: string[] = [];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const summary = await runDemo({
      baseUrl: server.baseUrl,
      key: 'k',
      historyDays: 1,
      signal: controller.signal,
      log: (line) => lines.push(line),
    });
    expect(server.requests.length).toBeGreaterThan(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^demo: history .* \(stopped\): 0 points/);
    expect(summary).toMatchObject({ historyPoints: 0, liveTicks: 0 });
  });

  it('reports the rows the server refuses, with the first reason', async () => {
    const server = await fakeIngest({ refuseTag: 'c2h4' });
    const lines: string[] = [];
    const controller = new AbortController();
    const summary = await runDemo({
      baseUrl: server.baseUrl,
      key: 'k',
      historyDays: 1,
      signal: controller.signal,
      log: (line) => {
        lines.push(line);
        controller.abort();
      },
    });
    // Two transformers, a C2H4 sample every 2 h.
    expect(summary.historyRejected).toBe(24);
    expect(lines[0]).toMatch(/; 24 rows refused, first TX1-TR1 c2h4: unknown tag c2h4 for model TX1-TR1$/);
  });
});
