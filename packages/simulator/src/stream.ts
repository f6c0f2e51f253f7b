/**
 * Feeding the plant through the real ingest API: the history and live items as pure generators, the HTTP
 * push with retries, and `runDemo`, which pushes the history and then streams live data until aborted.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type IngestResult,
  ingestResult,
  MAX_POINTS_PER_REQUEST,
  type WaveformMeta,
  waveformResult,
} from '@sdp/contracts';
import type { ModelSimulator } from './generators/model-simulator.ts';
import { modelSimulator } from './generators/simulators.ts';
import { DAY_MS, HOUR_MS } from './generators/timeline.ts';
import { demoPlant, type Plant, TIMELINE_DAYS } from './plant.ts';

/** One sample of a scalar tag: epoch milliseconds and value (a `MeasurementPoint` of the contract). */
export interface ScalarPoint {
  readonly tag: string;
  readonly ts: number;
  readonly value: number;
}

/** One request's worth of data: a measurements batch (a `MeasurementsRequest`), or one waveform capture. */
export type IngestItem =
  | {
      readonly kind: 'measurements';
      readonly body: { readonly modelCode: string; readonly points: ScalarPoint[] };
    }
  | { readonly kind: 'waveform'; readonly meta: WaveformMeta; readonly samples: Float32Array };

/** An instant as epoch milliseconds or a Date. */
export type Instant = number | Date;

/** Points per measurements request the generators aim for (the contract allows {@link MAX_POINTS_PER_REQUEST}). */
export const DEFAULT_BATCH_POINTS = 20_000;
/** Daily capture time of the history's waveforms: 02:00 UTC (09:00 in Bangkok). */
export const WAVEFORM_CAPTURE_OFFSET_MS = 2 * HOUR_MS;

/** Where the demo timeline starts by default: {@link TIMELINE_DAYS} days before `now` (epoch ms). */
export function defaultOrigin(now: number): number {
  return now - TIMELINE_DAYS * DAY_MS;
}

const toMs = (instant: Instant) => (typeof instant === 'number' ? instant : instant.getTime());

function simulators(plant: Plant, seed: number, origin: number): ModelSimulator[] {
  const context = { seed, origin, utcOffsetHours: plant.company.utcOffsetHours };
  return plant.models.map((model) => modelSimulator(model, context));
}

/** Multiples of `step` (since the Unix epoch) in the interval (after, until]. */
function* gridPoints(after: number, until: number, step: number, offset = 0): Generator<number> {
  for (let t = Math.floor((after - offset) / step) * step + offset + step; t <= until; t += step) yield t;
}

function* measurementBatches(
  modelCode: string,
  points: ScalarPoint[],
  maxPoints: number,
): Generator<IngestItem> {
  for (let start = 0; start < points.length; start += maxPoints) {
    yield { kind: 'measurements', body: { modelCode, points: points.slice(start, start + maxPoints) } };
  }
}

const compactStamp = (t: number) =>
  new Date(t)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

function* waveformItems(simulator: ModelSimulator, t: number): Generator<IngestItem> {
  const captures = simulator.capture(t);
  for (const [i, channel] of simulator.waveforms.entries()) {
    const samples = captures[i]!;
    yield {
      kind: 'waveform',
      meta: {
        modelCode: simulator.model.code,
        sensor: channel.sensor,
        kind: channel.kind,
        channel: channel.channel,
        sampleRate: channel.sampleRate,
        capturedAt: new Date(t).toISOString(),
        unit: channel.unit,
        fileName: `${channel.sensor}_${channel.channel}_${compactStamp(t)}.f32`,
        alias: channel.alias,
        length: samples.length,
      },
      samples,
    };
  }
}

/** Options of {@link historyBatches}. */
export interface HistoryOptions {
  /** First instant of the history (exclusive: points lie after it). */
  readonly from: Instant;
  /** Last instant (inclusive), normally 'now'. */
  readonly to: Instant;
  readonly seed: number;
  /** Day 0 of the fault timeline (epoch ms); default {@link defaultOrigin}(to), so `to` is day 90. */
  readonly origin?: number;
  /** Time span of one round of batches (default one day): every model's points of the span, then its captures. */
  readonly windowMs?: number;
  /** Most points per measurements item (default {@link DEFAULT_BATCH_POINTS}, at most the contract's maximum). */
  readonly maxPoints?: number;
}

/**
 * The plant's history between `from` and `to` as ingest items in time order, one window at a time: a
 * measurements batch per model holding every scalar tag on its interval grid (multiples of the interval since
 * the Unix epoch, so pushing an overlapping range again repeats the same points), then one waveform capture
 * per channel at 02:00 UTC each day. Pure: the same options give the same items.
 */
export function* historyBatches(plant: Plant, options: HistoryOptions): Generator<IngestItem> {
  const from = toMs(options.from);
  const to = toMs(options.to);
  const windowMs = options.windowMs ?? DAY_MS;
  const maxPoints = Math.min(options.maxPoints ?? DEFAULT_BATCH_POINTS, MAX_POINTS_PER_REQUEST);
  const models = simulators(plant, options.seed, options.origin ?? defaultOrigin(to));
  for (let windowStart = from; windowStart < to; windowStart += windowMs) {
    const windowEnd = Math.min(to, windowStart + windowMs);
    for (const simulator of models) {
      const step = Math.min(...simulator.scalars.map((channel) => channel.intervalMs));
      const points: ScalarPoint[] = [];
      for (const t of gridPoints(windowStart, windowEnd, step)) {
        const values = simulator.sample(t);
        for (const channel of simulator.scalars) {
          if (t % channel.intervalMs === 0)
            points.push({ tag: channel.tag, ts: t, value: values[channel.tag]! });
        }
      }
      yield* measurementBatches(simulator.model.code, points, maxPoints);
    }
    for (const t of gridPoints(windowStart, windowEnd, DAY_MS, WAVEFORM_CAPTURE_OFFSET_MS)) {
      for (const simulator of models) yield* waveformItems(simulator, t);
    }
  }
}

/** Options of {@link liveBatches}. */
export interface LiveOptions {
  /** The tick's instant. */
  readonly at: Instant;
  readonly seed: number;
  /** The previous tick (default 5 s before `at`): slow tags and captures due after it are sent now. */
  readonly previous?: Instant;
  /** Day 0 of the fault timeline (epoch ms); default {@link defaultOrigin}(at). */
  readonly origin?: number;
  /** Capture interval of waveforms while live (default one hour), on multiples since the Unix epoch. */
  readonly waveformIntervalMs?: number;
}

/**
 * The items of one live tick: every model's fast tags at `at`, slow tags on their grid instants after
 * `previous`, and waveform captures on the live capture grid after `previous`.
 */
export function* liveBatches(plant: Plant, options: LiveOptions): Generator<IngestItem> {
  const at = toMs(options.at);
  const previous = options.previous === undefined ? at - 5000 : toMs(options.previous);
  const waveformIntervalMs = options.waveformIntervalMs ?? HOUR_MS;
  for (const simulator of simulators(plant, options.seed, options.origin ?? defaultOrigin(at))) {
    const points: ScalarPoint[] = [];
    const now = simulator.sample(at);
    for (const channel of simulator.scalars) {
      if (channel.live) points.push({ tag: channel.tag, ts: at, value: now[channel.tag]! });
      else {
        for (const t of gridPoints(previous, at, channel.intervalMs)) {
          points.push({ tag: channel.tag, ts: t, value: simulator.sample(t)[channel.tag]! });
        }
      }
    }
    if (points.length > 0) yield* measurementBatches(simulator.model.code, points, DEFAULT_BATCH_POINTS);
    if (simulator.waveforms.length > 0) {
      for (const t of gridPoints(previous, at, waveformIntervalMs)) yield* waveformItems(simulator, t);
    }
  }
}

/** What the server answered for an item. */
export type PushResult =
  | { readonly kind: 'measurements'; readonly result: IngestResult }
  | { readonly kind: 'waveform'; readonly result: ReturnType<typeof waveformResult.parse> };

/** A batch the server refused (4xx other than 408 and 429): sending it again would not help. */
export class IngestRejectedError extends Error {
  readonly status: number;
  constructor(status: number, detail: string) {
    super(`ingest refused the batch (${status}): ${detail}`);
    this.name = 'IngestRejectedError';
    this.status = status;
  }
}

/** Retry policy of {@link pushBatch}. */
export interface PushOptions {
  /** Attempts in all (default 6). */
  readonly attempts?: number;
  /** Wait before the second attempt, doubled each time (default 500 ms). */
  readonly backoffMs?: number;
  readonly signal?: AbortSignal;
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The samples as little-endian float32 bytes (a copy, so the request owns its body). */
function float32Bytes(samples: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(samples.byteLength);
  if (littleEndian) bytes.set(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
  else {
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < samples.length; i++) view.setFloat32(4 * i, samples[i]!, true);
  }
  return bytes;
}

function requestOf(baseUrl: string, ingestKey: string, item: IngestItem): { url: string; init: RequestInit } {
  const base = baseUrl.replace(/\/+$/, '');
  const authorization = `Bearer ${ingestKey}`;
  if (item.kind === 'measurements') {
    return {
      url: `${base}/api/v1/ingest/measurements`,
      init: {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(item.body),
      },
    };
  }
  const query = new URLSearchParams(
    Object.entries(item.meta)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
  return {
    url: `${base}/api/v1/ingest/waveforms?${query}`,
    init: {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/octet-stream' },
      body: float32Bytes(item.samples),
    },
  };
}

async function detailOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { detail?: unknown };
    if (typeof parsed.detail === 'string') return parsed.detail;
  } catch {
    // Not JSON: the text itself is the best description.
  }
  return text.slice(0, 300) || response.statusText;
}

/**
 * POSTs one item to the ingest API with `Authorization: Bearer <ingestKey>`: measurements as JSON to
 * /api/v1/ingest/measurements, a waveform as little-endian float32 (application/octet-stream) to
 * /api/v1/ingest/waveforms with its metadata in the query. An item not acknowledged (network error, 5xx,
 * 408, 429) is sent again after 0.5, 1, 2, 4 … s (`Retry-After` when longer); the server is idempotent, so
 * a batch that did arrive before its answer was lost is stored once. Other 4xx answers throw
 * {@link IngestRejectedError} at once; running out of attempts throws the last error.
 */
export async function pushBatch(
  baseUrl: string,
  ingestKey: string,
  item: IngestItem,
  fetchImpl: typeof fetch = fetch,
  options: PushOptions = {},
): Promise<PushResult> {
  const attempts = options.attempts ?? 6;
  const backoffMs = options.backoffMs ?? 500;
  const { url, init } = requestOf(baseUrl, ingestKey, item);
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let waitMs = backoffMs * 2 ** (attempt - 1);
    try {
      const response = await fetchImpl(url, { ...init, signal: options.signal });
      if (response.ok) {
        const body: unknown = await response.json();
        return item.kind === 'measurements'
          ? { kind: 'measurements', result: ingestResult.parse(body) }
          : { kind: 'waveform', result: waveformResult.parse(body) };
      }
      const detail = await detailOf(response);
      if (response.status < 500 && response.status !== 408 && response.status !== 429) {
        throw new IngestRejectedError(response.status, detail);
      }
      const retryAfterS = Number(response.headers.get('retry-after'));
      if (Number.isFinite(retryAfterS)) waitMs = Math.max(waitMs, 1000 * retryAfterS);
      lastError = new Error(`ingest answered ${response.status}: ${detail}`);
    } catch (error) {
      if (error instanceof IngestRejectedError || options.signal?.aborted) throw error;
      lastError = error;
    }
    if (attempt < attempts) await sleep(waitMs, undefined, { signal: options.signal });
  }
  throw new Error(`ingest did not acknowledge the batch after ${attempts} attempts`, { cause: lastError });
}

/** Options of {@link runDemo}. */
export interface RunDemoOptions {
  /** The server, e.g. http://127.0.0.1:3000. */
  readonly baseUrl: string;
  /** An ingest key of the demo company. */
  readonly key: string;
  readonly plant?: Plant;
  readonly seed?: number;
  /** Days of history pushed before going live (default 90). */
  readonly historyDays?: number;
  readonly liveIntervalMs?: number;
  /** Waveform capture interval while live (default one hour). */
  readonly liveWaveformIntervalMs?: number;
  /** Stops the history or the live loop; `runDemo` then resolves. */
  readonly signal?: AbortSignal;
  /**
   * Day 0 of the fault timeline (epoch ms). Default {@link defaultOrigin}(now): right for the first start.
   * A restart should pass the same origin (e.g. kept with the demo company) so faults continue where they were.
   */
  readonly origin?: number;
  /** Where the history starts (epoch ms); default now − historyDays. A restart may pass its last point to fill the gap. */
  readonly historyFrom?: number;
  /** Requests in flight at once (default 4); items of one model are always sent one after another, in order. */
  readonly concurrency?: number;
  readonly log?: (line: string) => void;
  /** Called once the history is stored, before going live (the server closes old demo events with outcomes). */
  readonly onHistoryDone?: () => Promise<void>;
  readonly fetchImpl?: typeof fetch;
  /** Clock (epoch ms), for tests. */
  readonly now?: () => number;
}

/** What {@link runDemo} sent. */
export interface DemoSummary {
  /** Points acknowledged (stored now or before). */
  readonly historyPoints: number;
  /** Rows the server refused (unknown tag, bad time …): the plant and the server disagree. */
  readonly historyRejected: number;
  readonly historyWaveforms: number;
  readonly historyMs: number;
  readonly liveTicks: number;
  readonly livePoints: number;
  readonly liveRejected: number;
  readonly liveWaveforms: number;
}

interface Tally {
  points: number;
  duplicates: number;
  rejected: number;
  /** The first refusal: model, tag and reason. */
  firstRejection: string | null;
  waveforms: number;
}

const emptyTally = (): Tally => ({
  points: 0,
  duplicates: 0,
  rejected: 0,
  firstRejection: null,
  waveforms: 0,
});

const modelCodeOf = (item: IngestItem) =>
  item.kind === 'measurements' ? item.body.modelCode : item.meta.modelCode;

/**
 * Pushes items with up to `concurrency` requests in flight, each model's items strictly in order. Resolves
 * when all are acknowledged; rejects with the first failure once the requests in flight have settled.
 */
async function pushAll(
  items: Iterable<IngestItem>,
  push: (item: IngestItem) => Promise<PushResult>,
  concurrency: number,
  tally: Tally,
  signal?: AbortSignal,
): Promise<void> {
  const lanes = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  for (const item of items) {
    if (signal?.aborted || failure) break;
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    const code = modelCodeOf(item);
    const task = (lanes.get(code) ?? Promise.resolve())
      .then(() => (failure ? null : push(item)))
      .then((answer) => {
        if (answer?.kind === 'measurements' && item.kind === 'measurements') {
          const { accepted, duplicates, rejected, errors } = answer.result;
          tally.points += accepted + duplicates;
          tally.duplicates += duplicates;
          tally.rejected += rejected;
          const first = errors[0];
          if (first && !tally.firstRejection) {
            const point = item.body.points[first.row];
            tally.firstRejection = `${item.body.modelCode} ${point?.tag ?? `row ${first.row}`}: ${first.reason}`;
          }
        } else if (answer?.kind === 'waveform') tally.waveforms += 1;
      })
      .catch((error: unknown) => {
        failure ??= { error };
      });
    lanes.set(code, task);
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  }
  await Promise.all(inFlight);
  if (failure) throw (failure as { error: unknown }).error;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');
const refused = (tally: Tally) =>
  tally.rejected ? `; ${count(tally.rejected)} rows refused, first ${tally.firstRejection}` : '';

/** Seed of the demo when none is given. */
export const DEMO_SEED = 7;

/**
 * Runs the demo plant against a server: pushes `historyDays` of history ending now through the ingest API,
 * then every `liveIntervalMs` pushes a live tick, until `signal` aborts. Logs one line per phase. Rejects when
 * the history cannot be delivered (a refused batch, or a server unreachable through all retries); a failed
 * live tick is logged and its slow tags and captures are sent again with the next tick.
 */
export async function runDemo(options: RunDemoOptions): Promise<DemoSummary> {
  const plant = options.plant ?? demoPlant;
  const seed = options.seed ?? DEMO_SEED;
  const historyDays = options.historyDays ?? TIMELINE_DAYS;
  const liveIntervalMs = options.liveIntervalMs ?? 5000;
  const log = options.log ?? ((line: string) => console.log(line));
  const clock = options.now ?? Date.now;
  const { signal } = options;
  const push = (item: IngestItem) =>
    pushBatch(options.baseUrl, options.key, item, options.fetchImpl ?? fetch, { signal });
  const concurrency = options.concurrency ?? 4;

  const started = clock();
  const origin = options.origin ?? defaultOrigin(started);
  const from = options.historyFrom ?? started - historyDays * DAY_MS;
  const history = emptyTally();
  try {
    await pushAll(
      historyBatches(plant, { from, to: started, seed, origin }),
      push,
      concurrency,
      history,
      signal,
    );
  } catch (error) {
    // Aborting cancels the requests in flight: a stop, not a failure.
    if (!signal?.aborted) throw error;
  }
  const historyMs = clock() - started;
  log(
    `demo: history ${new Date(from).toISOString()} → ${new Date(started).toISOString()}` +
      `${signal?.aborted ? ' (stopped)' : ''}: ` +
      `${count(history.points)} points (${count(history.duplicates)} already stored), ` +
      `${count(history.waveforms)} waveforms in ${seconds(historyMs)}${refused(history)}`,
  );

  if (!signal?.aborted && options.onHistoryDone)
    await options.onHistoryDone().catch((error) => log(`demo: after the history: ${String(error)}`));

  const live = emptyTally();
  let ticks = 0;
  let previous = started;
  let failing = false;
  if (!signal?.aborted) log(`demo: streaming live data every ${liveIntervalMs / 1000} s`);
  while (!signal?.aborted) {
    try {
      await sleep(liveIntervalMs, undefined, { signal });
    } catch {
      break;
    }
    const at = clock();
    const items = liveBatches(plant, {
      at,
      previous,
      seed,
      origin,
      waveformIntervalMs: options.liveWaveformIntervalMs,
    });
    try {
      await pushAll(items, push, concurrency, live, signal);
      if (signal?.aborted) break;
      previous = at;
      ticks++;
      if (failing) log('demo: live stream resumed');
      failing = false;
    } catch (error) {
      if (signal?.aborted) break;
      if (!failing) log(`demo: live tick failed, retrying with the next one: ${String(error)}`);
      failing = true;
    }
  }
  log(
    `demo: live stream stopped after ${count(ticks)} ticks ` +
      `(${count(live.points)} points, ${count(live.waveforms)} waveforms)${refused(live)}`,
  );
  return {
    historyPoints: history.points,
    historyRejected: history.rejected,
    historyWaveforms: history.waveforms,
    historyMs,
    liveTicks: ticks,
    livePoints: live.points,
    liveRejected: live.rejected,
    liveWaveforms: live.waveforms,
  };
}
