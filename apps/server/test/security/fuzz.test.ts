import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF, createTestContext, type TestContext } from '../harness.ts';
import {
  type FuzzRequest,
  type GoodFile,
  JPEG,
  type Operation,
  operationsOf,
  PNG,
  requestArbitrary,
  strayRequest,
} from './fuzz-requests.ts';
import { hintsFor, readPools, restoreWorld, seedWorld, type World } from './fuzz-world.ts';

/**
 * Every route of the OpenAPI document, called with requests generated from its schemas and then mutated, by each
 * kind of caller. The server must answer every one of them (within GIVE_UP_MS), never with a 5xx, and every refusal as
 * `{ "detail": "…" }`. FUZZ_SEED replays a run; FUZZ_REQUESTS runs more than the default.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const MIN_REQUESTS = 10_000;
const REQUESTS = Math.max(MIN_REQUESTS, Number(process.env.FUZZ_REQUESTS ?? 0) || 0);
/**
 * A request not answered within this is hung, a defect like a 500, and the run moves on. It is a liveness bound, not
 * a speed budget (speed is measured in bench/): a 2 s bound failed the run on a loaded machine while nothing was
 * wrong (a workbook upload).
 */
const GIVE_UP_MS = 20_000;
const STRAY_REQUESTS = 200;
/** Writes can sign the fuzzer out or delete its company: the world is restored this often during them. */
const RESTORE_EVERY = 25;

/**
 * Deleting routes run last, children before parents, so that the rest still has something to reach; the companies
 * and people the fuzzer signs in as are restored after each operation anyway (restoreWorld).
 */
const DELETE_ORDER = [
  /ingest-keys/,
  /equipment-tag-images/,
  /equipment-model-offlines/,
  /equipment-models/,
  /structure-item/,
  /member\/inactive/,
  /admins/,
  /companies/,
];
function ordered(operations: Operation[]): Operation[] {
  // Other deletes first among deletes (-1 + 1), then the listed ones in their order.
  const rank = (operation: Operation) =>
    operation.method !== 'DELETE'
      ? -1
      : DELETE_ORDER.findIndex((pattern) => pattern.test(operation.path)) + 1;
  return [...operations].sort((a, b) => rank(a) - rank(b));
}

interface Failure {
  problem: string;
  operation: string;
  request: Omit<FuzzRequest, 'payload'> & { payload?: string };
  status?: number;
  ms: number;
  answer?: string;
  logged?: string;
}

let ctx: TestContext;
let webDist: string;
let world: World;
const logged: string[] = [];

beforeAll(async () => {
  // A built web app, as in production: paths outside the API get index.html rather than 'not built yet'.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'sdp-fuzz-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>SDP</title>');
  ctx = await createTestContext({ WEB_DIST: webDist });
  world = await seedWorld(ctx);
  // Tests run without a logger: collect what the error handler logs, to show the stack of a 500.
  const log = ctx.app.log as unknown as { error: (object: unknown, message?: string) => void };
  log.error = (object: unknown, message?: string) => {
    const error = (object as { err?: Error })?.err;
    logged.push(`${message ?? ''} ${error?.stack ?? JSON.stringify(object)}`.slice(0, 2_000));
  };
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await rm(webDist, { recursive: true, force: true });
});

const excerpt = (payload: string | Buffer | undefined, length = 300) =>
  payload === undefined ? undefined : String(payload).slice(0, length);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Sends one request as the web client (or the gateway) would, and checks the answer. */
/** Answers by operation and status, printed with FUZZ_STATS=1 to see which routes the requests really reach. */
const stats = new Map<string, Map<number, number>>();
/** The longest answer of each operation, in ms (printed with FUZZ_STATS=1 too). */
const slowest = new Map<string, number>();

async function send(request: FuzzRequest, operation: string, failures: Failure[]): Promise<void> {
  const headers: Record<string, string> = {
    ...(request.noCsrf ? {} : CSRF),
    ...(request.who ? { cookie: world.cookies[request.who] } : {}),
    ...(request.bearer === 'real' ? { authorization: `Bearer ${world.ingestKey}` } : {}),
    ...(request.bearer === 'forged' ? { authorization: `Bearer ${world.ingestKey.slice(0, -4)}zzzz` } : {}),
    ...request.headers,
  };
  const before = logged.length;
  const started = performance.now();
  const answer = (async () => {
    const response = await ctx.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      payloadAsStream: true,
    });
    const stream = response.stream();
    // A live stream (Server-Sent Events) answers its headers and never ends: its first bytes are enough.
    if (String(response.headers['content-type']).startsWith('text/event-stream')) {
      stream.destroy();
      return { status: response.statusCode, type: 'text/event-stream', body: Buffer.alloc(0) };
    }
    return {
      status: response.statusCode,
      type: String(response.headers['content-type'] ?? ''),
      body: await readAll(stream),
    };
  })();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), GIVE_UP_MS);
  });
  const outcome = await Promise.race([answer.catch((error: Error) => error), hung]);
  clearTimeout(timer);
  const ms = Math.round(performance.now() - started);
  const shown = { ...request, payload: excerpt(request.payload) };
  const fail = (problem: string, extra: Partial<Failure> = {}) =>
    failures.push({
      problem,
      operation,
      request: shown,
      ms,
      ...extra,
      ...(logged.length > before ? { logged: logged.slice(before).join('\n') } : {}),
    });
  if (outcome === 'hung') return void fail(`no answer within ${GIVE_UP_MS} ms`);
  if (outcome instanceof Error) return void fail(`inject failed: ${outcome.message}`);
  const { status, type, body } = outcome;
  slowest.set(operation, Math.max(slowest.get(operation) ?? 0, ms));
  const counts = stats.get(operation) ?? new Map<number, number>();
  stats.set(operation, counts.set(status, (counts.get(status) ?? 0) + 1));
  if (process.env.FUZZ_STATS && status === 400 && counts.get(400) === 1)
    console.info('first 400', operation, request.url.slice(0, 200), excerpt(request.payload), excerpt(body));
  const answerText = excerpt(body, 500);
  if (status >= 500) return void fail('5xx', { status, answer: answerText });
  if (status >= 400) {
    let detail: unknown;
    try {
      detail = type.startsWith('application/json') ? JSON.parse(body.toString()).detail : undefined;
    } catch {
      detail = undefined;
    }
    if (typeof detail !== 'string') fail('4xx without {detail}', { status, answer: answerText });
  }
}

/** One line per distinct defect (problem, route, status), with its first example. */
function summary(failures: Failure[]): string {
  const first = new Map<string, Failure & { count: number }>();
  for (const failure of failures) {
    const key = `${failure.problem} ${failure.operation} ${failure.status ?? ''}`;
    const seen = first.get(key);
    if (seen) seen.count++;
    else first.set(key, { ...failure, count: 1 });
  }
  return [
    `FUZZ_SEED=${SEED}: ${failures.length} failing answers, ${first.size} distinct (replay with FUZZ_SEED=${SEED})`,
    ...[...first.entries()].map(
      ([key, example]) => `- ${key} ×${example.count}\n  ${JSON.stringify(example)}`,
    ),
  ].join('\n');
}

it(`answers ${REQUESTS}+ generated requests on every route without a 5xx, unshaped 4xx or hang`, async () => {
  const document = ctx.app.swagger() as unknown as Parameters<typeof operationsOf>[0];
  const operations = ordered(operationsOf(document));
  expect(operations.length).toBeGreaterThan(80);
  const perOperation = Math.ceil((REQUESTS - STRAY_REQUESTS) / operations.length);
  const failures: Failure[] = [];
  const files: GoodFile[] = [
    { field: 'image_file', filename: 'logo.png', type: 'image/png', bytes: PNG },
    { field: 'image_file', filename: 'photo.jpg', type: 'image/jpeg', bytes: JPEG },
    {
      field: 'recommendation_msg_file',
      filename: 'book.xlsx',
      type: 'application/octet-stream',
      bytes: world.workbook,
    },
  ];
  let sent = 0;
  const started = Date.now();

  for (const [index, operation] of operations.entries()) {
    const name = `${operation.method} ${operation.path}`;
    const hints = hintsFor(operation, await readPools(ctx), world);
    const requests = fc.sample(requestArbitrary(operation, hints, files), {
      seed: SEED + index,
      numRuns: perOperation,
    });
    for (const [count, request] of requests.entries()) {
      await send(request, name, failures);
      sent++;
      if (operation.method !== 'GET' && count % RESTORE_EVERY === RESTORE_EVERY - 1)
        await restoreWorld(ctx, world);
    }
    await restoreWorld(ctx, world);
  }
  for (const request of fc.sample(strayRequest, { seed: SEED, numRuns: STRAY_REQUESTS })) {
    await send(request, 'stray path', failures);
    sent++;
  }

  if (process.env.FUZZ_STATS)
    for (const [operation, counts] of stats)
      console.info(
        operation,
        JSON.stringify(Object.fromEntries([...counts].sort(([a], [b]) => a - b))),
        `slowest ${slowest.get(operation)} ms`,
      );
  console.info(
    `fuzz: ${sent} requests on ${operations.length} operations in ${Date.now() - started} ms, seed ${SEED}`,
  );
  expect(failures.length === 0 ? '' : summary(failures)).toBe('');
  expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
}, 600_000);
