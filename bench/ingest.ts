import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { parseServerTiming } from '../apps/server/src/lib/phases.ts';
import { withBenchServer } from './lib/api.ts';
import { rssMb } from './lib/server.ts';

const POINTS = 2_000_000;
const BATCH = 20_000;
const CLIENTS = Number(process.env.BENCH_INGEST_CLIENTS ?? 3);
const TAGS = ['h2', 'ch4', 'c2h6', 'c2h4', 'c2h2', 'co', 'co2', 'tdcg'];

/**
 * One POST through node:http on a kept-alive connection, answering the status, the Server-Timing header and the body.
 * The client's CPU is lent by the same 2 cores the server and its database run on: fetch (undici) cost this process
 * 0.24 s per million points, a tenth of the server's and its database's together, for nothing the server does.
 */
function post(url: URL, agent: http.Agent, headers: Record<string, string>, body: Buffer) {
  return new Promise<{ status: number; timing: string | null; text: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const timing = response.headers['server-timing'];
          resolve({
            status: response.statusCode ?? 0,
            timing: typeof timing === 'string' ? timing : null,
            text,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by a process and everything under it (the server, its embedded PostgreSQL and every
 * backend, live or exited), from /proc: what a phase cost the machine whatever else ran on it.
 */
async function treeCpuSeconds(rootPid: number): Promise<{ server: number; database: number }> {
  const stats = new Map<number, { parent: number; ticks: number; own: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may hold spaces): state, ppid, …, utime (14), stime, cutime, cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 15) continue;
    const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    stats.set(Number(entry), {
      parent: Number(fields[1]),
      ticks,
      own: Number(fields[11]) + Number(fields[12]),
    });
  }
  const inTree = (pid: number): boolean => {
    for (let at = pid; at > 1; at = stats.get(at)?.parent ?? 0) if (at === rootPid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { ticks: own }] of stats) if (inTree(pid)) ticks += own;
  // The server's own process (its threads: the event loop, the compute pool, the garbage collector) apart from the
  // processes under it (the embedded PostgreSQL and its backends).
  const server = stats.get(rootPid)?.own ?? 0;
  return { server: server / TICKS_PER_SECOND, database: (ticks - server) / TICKS_PER_SECOND };
}

/** CPU seconds per million points between two readings of treeCpuSeconds. */
function perMillion(from: { server: number; database: number }, to: typeof from, points: number) {
  const server = ((to.server - from.server) * 1e6) / points;
  const database = ((to.database - from.database) * 1e6) / points;
  return `${(server + database).toFixed(2)} (server ${server.toFixed(2)}, database ${database.toFixed(2)})`;
}

/**
 * The same state of the database before each timed phase: the rows written before it vacuumed and analysed, and
 * checkpointed, and no autovacuum at work. Otherwise a phase pays for the ones before it: a checkpoint's page writes,
 * and the autovacuum of the millions of rows they stored, which the launcher starts up to a minute later, in
 * whichever phase runs then (counted in its time and CPU). Without this the binary COPY measured 493,000 to 967,000
 * points/s on the same quiet machine, and the HTTP phase's database CPU 1.8 to 2.7 s per million points.
 */
async function settle(client: { query: (sql: string) => Promise<{ rows: { busy: number }[] }> }) {
  const autovacuumDone = async () => {
    for (let waited = 0; waited < 60_000; waited += 250) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS busy FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`,
      );
      if (!rows[0]?.busy) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  await autovacuumDone();
  await client.query('VACUUM (ANALYZE) measurements');
  await client.query('CHECKPOINT');
  await autovacuumDone();
}

// BENCH_SERVER_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server while it ingests.
const serverEnv: Record<string, string> = process.env.BENCH_SERVER_NODE_OPTIONS
  ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
  : {};

/** Rounds of the HTTP phase and its COPY baselines, one after the other (BENCH_INGEST_ROUNDS): the median is held. */
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 3);
/** Each round writes its own half-year (the HTTP phase spans 173 days of minutes), so no round meets another's rows. */
const ROUND_SPAN_MS = 190 * 86_400_000;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

await withBenchServer(
  async ({ server, plant, database }) => {
    const batches = POINTS / BATCH;
    const ingestUrl = new URL('/api/v1/ingest/measurements', server.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const serverPid = server.process.pid ?? 0;
    const client = await database();
    let maxRss = 0;
    const sampler = setInterval(
      () =>
        void rssMb(serverPid)
          .then((mb) => (maxRss = Math.max(maxRss, mb)))
          // A sample racing the server's exit is not a result.
          .catch(() => undefined),
      100,
    );
    // Where the server's time goes: the Server-Timing phases of every answer, summed over the rounds.
    const phases = new Map<string, number>();

    async function round(index: number) {
      const start = Date.parse('2023-01-01T00:00:00Z') + index * ROUND_SPAN_MS;
      const body = (batch: number) =>
        JSON.stringify({
          modelCode: plant.modelCode,
          points: Array.from({ length: BATCH }, (_, i) => {
            const n = batch * BATCH + i;
            return {
              tag: TAGS[n % TAGS.length],
              ts: start + Math.floor(n / TAGS.length) * 60_000,
              value: (n % 1000) / 10,
            };
          }),
        });
      // Bodies are built before timing: we measure the server, not the client's JSON.stringify.
      const bodies = Array.from({ length: batches }, (_, b) => Buffer.from(body(b)));
      let next = 0;
      await settle(client);
      const httpCpuStart = await treeCpuSeconds(serverPid);
      const clientCpuStart = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < batches) {
            const mine = next++;
            const response = await post(
              ingestUrl,
              agent,
              { authorization: `Bearer ${plant.key}`, 'content-type': 'application/json' },
              bodies[mine] as Buffer,
            );
            for (const [phase, ms] of parseServerTiming(response.timing))
              phases.set(phase, (phases.get(phase) ?? 0) + ms);
            const result = JSON.parse(response.text) as { accepted: number };
            if (response.status !== 200 || result.accepted !== BATCH)
              throw new Error(`batch ${mine}: ${response.status} ${response.text.slice(0, 200)}`);
          }
        }),
      );
      const httpSeconds = (performance.now() - started) / 1000;
      const clientCpu = process.cpuUsage(clientCpuStart);
      // This process sending the bodies and reading the answers: CPU the machine lends the client, not the server.
      const clientPerMillion = ((clientCpu.user + clientCpu.system) / 1e6) * (1e6 / POINTS);
      const rssAfter = maxRss;
      const httpCpu = perMillion(httpCpuStart, await treeCpuSeconds(serverPid), POINTS);

      // Baseline: COPY the same shape of rows into a new series of the same table.
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO series (model_id, tag) VALUES ($1, $2) RETURNING id`,
        [plant.modelId, `copy-baseline-${index}`],
      );
      const seriesId = rows[0]?.id;
      function* lines() {
        for (let b = 0; b < batches; b++) {
          let chunk = '';
          for (let i = 0; i < BATCH; i++) {
            const n = b * BATCH + i;
            chunk += `${seriesId}\t${new Date(start + n * 1000).toISOString()}\t${(n % 1000) / 10}\n`;
          }
          yield chunk;
        }
      }
      await settle(client);
      const copyStarted = performance.now();
      await pipeline(
        Readable.from(lines()),
        client.query(copyFrom('COPY measurements (series_id, ts, value) FROM STDIN')),
      );
      const copySeconds = (performance.now() - copyStarted) / 1000;

      // Second baseline: binary COPY of buffers built before timing (PostgreSQL's cheapest path, nothing formatted or
      // parsed as text). Encoded here with BigInt writes, independently of the server's encoder.
      const binary = await client.query<{ id: string }>(
        `INSERT INTO series (model_id, tag) VALUES ($1, $2) RETURNING id`,
        [plant.modelId, `copy-baseline-binary-${index}`],
      );
      const binarySeries = BigInt(binary.rows[0]?.id ?? 0);
      const PG_EPOCH_US = 946_684_800_000_000n;
      const chunks = Array.from({ length: batches }, (_, b) => {
        const chunk = Buffer.alloc(BATCH * 38);
        for (let i = 0; i < BATCH; i++) {
          const n = b * BATCH + i;
          const at = i * 38;
          chunk.writeInt16BE(3, at);
          chunk.writeInt32BE(8, at + 2);
          chunk.writeBigInt64BE(binarySeries, at + 6);
          chunk.writeInt32BE(8, at + 14);
          chunk.writeBigInt64BE(BigInt(start + n * 1000) * 1000n - PG_EPOCH_US, at + 18);
          chunk.writeInt32BE(8, at + 26);
          chunk.writeDoubleBE((n % 1000) / 10, at + 30);
        }
        return chunk;
      });
      const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
      const trailer = Buffer.from([0xff, 0xff]);
      await settle(client);
      const binaryCpuStart = await treeCpuSeconds(serverPid);
      const binaryStarted = performance.now();
      await pipeline(
        Readable.from([header, ...chunks, trailer]),
        client.query(copyFrom('COPY measurements (series_id, ts, value) FROM STDIN (FORMAT binary)')),
      );
      const binarySeconds = (performance.now() - binaryStarted) / 1000;
      const binaryCpu = perMillion(binaryCpuStart, await treeCpuSeconds(serverPid), POINTS);

      const httpRate = POINTS / httpSeconds;
      const textRate = POINTS / copySeconds;
      const binaryRate = POINTS / binarySeconds;
      // The budget is held against the faster of the two.
      const copyRate = Math.max(textRate, binaryRate);
      return {
        httpRate,
        textRate,
        binaryRate,
        copyRate,
        ratio: httpRate / copyRate,
        httpCpu,
        clientPerMillion,
        binaryCpu,
        rssAfter,
      };
    }

    const rounds = [];
    for (let index = 0; index < ROUNDS; index++) rounds.push(await round(index));
    clearInterval(sampler);
    agent.destroy();
    await client.end();

    // The round of the median ratio is the one printed in full; every round's ratio beside it.
    const ratio = median(rounds.map((r) => r.ratio));
    const held = rounds.find((r) => r.ratio === ratio) as (typeof rounds)[number];
    const pass = ratio >= 0.8 && held.httpRate >= 100_000 && maxRss <= 500;
    const split = [...phases]
      .map(([phase, ms]) => `${phase} ${(ms / (batches * ROUNDS)).toFixed(1)}`)
      .join(', ');
    const rate = (value: number) => Math.round(value).toLocaleString('en');
    console.log(
      `ingest: HTTP ${rate(held.httpRate)} points/s (${CLIENTS} clients, ${BATCH}-point JSON batches, ${POINTS.toLocaleString('en')} points); baseline raw COPY ${rate(held.copyRate)} points/s (text ${rate(held.textRate)}, binary ${rate(held.binaryRate)}); ratio ${ratio.toFixed(2)}, the median of ${ROUNDS} rounds (${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}; server RSS max by then ${rounds.map((r) => Math.round(r.rssAfter)).join(', ')} MB) (budget ≥ 0.80 and ≥ 100,000 points/s); server RSS max ${Math.round(maxRss)} MB (budget ≤ 500); server ms per batch: ${split}; CPU s per million points (server and database, whatever else runs): HTTP ${held.httpCpu} and its client ${held.clientPerMillion.toFixed(2)}, binary COPY ${held.binaryCpu}; ${pass ? 'PASS' : 'FAIL'}`,
    );
  },
  {},
  serverEnv,
);
