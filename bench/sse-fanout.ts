import http from 'node:http';
import { call, withBenchServer } from './lib/api.ts';
import { percentile, rssMb } from './lib/server.ts';

// Budget (issue 15): 1,000 open SSE connections on one instance: RSS growth ≤ 100 MB, a broadcast reaches all in
// ≤ 1 s. Measured: an API server (ROLE=api) on a fresh database; 1,000 `GET /api/v1/events?company_id=` streams of
// the bench company opened with the administrator's session cookie (as 1,000 browser tabs), each counted open when
// its `retry:` preamble arrived; the server's RSS (VmRSS) before any stream and with all of them open, after a
// settle. Then BROADCASTS notes created through the API (`POST /note/note-topic`, published to the company's pages
// by PostgreSQL NOTIFY): time from the request to the moment the last of the 1,000 streams received that note's
// event. Baseline, same run: the same broadcast with one stream open.
const STREAMS = 1_000;
const BROADCASTS = 10;
const RSS_BUDGET_MB = 100;
const BROADCAST_BUDGET_MS = 1_000;

/**
 * 1,000 streams come from one address and one session here; a real server sees them from 1,000 browsers. The caps
 * on connections per address and streams per session and user (issue 23 items 5 and 6) are lifted for this bench:
 * it measures fan-out, not the caps.
 */
const UNCAPPED = {
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
  EVENT_STREAMS_PER_SESSION: String(STREAMS + 10),
  EVENT_STREAMS_PER_USER: String(STREAMS + 10),
};

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

interface OpenStream {
  /** Resolves when an event whose data includes `marker` arrives. */
  waitFor(marker: string): Promise<number>;
  close(): void;
}

/** Opens one event stream; resolves once its preamble arrived. */
function openStream(url: string, cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let opened = false;
    const waiters = new Map<string, (at: number) => void>();
    // Events may arrive before the request that caused them has answered: kept with their arrival time.
    const heard: { at: number; block: string }[] = [];
    const request = http.get(url, { agent, headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (!opened && block.startsWith('retry:')) {
            opened = true;
            resolve({
              waitFor: (marker) => {
                const early = heard.find((one) => one.block.includes(marker));
                if (early) return Promise.resolve(early.at);
                return new Promise((done) => waiters.set(marker, done));
              },
              close: () => request.destroy(),
            });
          }
          if (block.includes('event: note')) heard.push({ at, block });
          for (const [marker, done] of waiters) {
            if (block.includes(marker)) {
              waiters.delete(marker);
              done(at);
            }
          }
        }
      });
    });
    request.on('error', (error) => {
      if (!opened) reject(error);
    });
  });
}

await withBenchServer(
  async ({ server, plant }) => {
    const pid = server.process.pid;
    if (pid === undefined) throw new Error('no server pid');
    const url = `${server.url}/api/v1/events?company_id=${plant.companyId}`;
    let sequence = 0;
    /** Creates a note and answers how long until every stream had its event. */
    const broadcast = async (streams: OpenStream[]) => {
      const marker = `bench-note-${++sequence}-${Date.now()}`;
      const start = performance.now();
      const created = call<{ id: string }>(server.url, plant.cookie, 'POST', '/api/v1/note/note-topic', {
        topic: marker,
        description: 'SSE fan-out bench',
        equipmentModelId: plant.modelId,
      });
      // The event names the topic's id, not its text: wait for the id once the request answers.
      const { id } = await created;
      const arrivals = await Promise.all(streams.map((stream) => stream.waitFor(id)));
      return Math.max(...arrivals) - start;
    };

    // Warm up the route, the LISTEN connection and the note path; then the baseline: one stream.
    const one = await openStream(url, plant.cookie);
    for (let i = 0; i < 3; i++) await broadcast([one]);
    const baseline: number[] = [];
    for (let i = 0; i < BROADCASTS; i++) baseline.push(await broadcast([one]));
    one.close();
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const rssBefore = await rssMb(pid);
    const streams: OpenStream[] = [];
    // Opened 50 at a time, as browsers arriving: the measure is holding them, not a connection storm.
    for (let i = 0; i < STREAMS; i += 50) {
      streams.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(url, plant.cookie)),
        )),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const rssOpen = await rssMb(pid);
    const times: number[] = [];
    for (let i = 0; i < BROADCASTS; i++) times.push(await broadcast(streams));
    const rssAfter = await rssMb(pid);
    for (const stream of streams) stream.close();

    const growth = Math.max(rssOpen, rssAfter) - rssBefore;
    const worst = Math.max(...times);
    const pass = growth <= RSS_BUDGET_MB && worst <= BROADCAST_BUDGET_MS;
    console.log(
      `sse-fanout: ${STREAMS.toLocaleString('en')} open event streams on one instance: RSS ${rssBefore.toFixed(0)} → ${Math.max(rssOpen, rssAfter).toFixed(0)} MB, growth ${growth.toFixed(1)} MB (budget ≤ ${RSS_BUDGET_MB} MB); a note reached all of them in p50 ${percentile(times, 50).toFixed(0)} ms, worst ${worst.toFixed(0)} ms over ${BROADCASTS} (budget ≤ ${BROADCAST_BUDGET_MS} ms); baseline one stream p50 ${percentile(baseline, 50).toFixed(0)} ms, worst ${Math.max(...baseline).toFixed(0)} ms; ${pass ? 'PASS' : 'FAIL'}`,
    );
  },
  {},
  UNCAPPED,
);
