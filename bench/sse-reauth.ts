import http from 'node:http';
import { BENCH_ADMIN, call, signInCookie, withBenchServer } from './lib/api.ts';
import { percentile } from './lib/server.ts';

// Budget (issue 23 item 5): with 5,000 live event streams open on one instance, a profile edit (which makes every
// stream be authorised again) leaves a probe session's `GET /api/v1/users/me` at p99 ≤ 250 ms and worst ≤ 500 ms
// (before the fix: 3-10 s). Measured: an API server (ROLE=api) on a fresh database; STREAMS streams of the bench
// company opened over SESSIONS sessions (10 each, the default cap per session), each counted open when its
// `retry:` preamble arrived. A probe session calls /users/me one call after another; EDITS profile edits
// (`PUT /api/v1/member/profile`) are made one every 2 s, and the probe's latencies during the 2 s after each edit are
// the result. Baseline, same run: the probe's latencies with the streams open and no edit.
// SSE_REAUTH_STREAMS sets STREAMS (e.g. 500 for a quick look on a busy machine).
const STREAMS = Number(process.env.SSE_REAUTH_STREAMS ?? 5_000);
const PER_SESSION = 10;
const SESSIONS = Math.ceil(STREAMS / PER_SESSION);
const EDITS = 10;
const WINDOW_MS = 2_000;
const P99_BUDGET_MS = 250;
const WORST_BUDGET_MS = 500;

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/** Opens one event stream; resolves with its closer once its preamble arrived. */
function openStream(url: string, cookie: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      response.once('data', () => resolve(() => request.destroy()));
    });
    request.on('error', reject);
  });
}

/** Calls /users/me one call after another for `ms`; answers each call's latency. */
async function probe(baseUrl: string, cookie: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const start = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/users/me`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/users/me answered ${response.status}`);
    times.push(performance.now() - start);
  }
  return times;
}

await withBenchServer(
  async ({ server, plant }) => {
    const url = `${server.url}/api/v1/events?company_id=${plant.companyId}`;
    const cookies: string[] = [];
    // One after another: parallel sign-ins of one account count against its sign-in throttle.
    for (let i = 0; i < SESSIONS; i++)
      cookies.push(await signInCookie(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password));
    const closers: (() => void)[] = [];
    for (let i = 0; i < STREAMS; i += 100) {
      const batch = Math.min(100, STREAMS - i);
      closers.push(
        ...(await Promise.all(
          Array.from({ length: batch }, (_, j) =>
            openStream(url, cookies[Math.floor((i + j) / PER_SESSION)] ?? plant.cookie),
          ),
        )),
      );
    }
    const probeCookie = await signInCookie(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await probe(server.url, probeCookie, 500);
    const baseline = await probe(server.url, probeCookie, EDITS * WINDOW_MS);

    const during: number[] = [];
    for (let edit = 0; edit < EDITS; edit++) {
      const measuring = probe(server.url, probeCookie, WINDOW_MS);
      await call(server.url, plant.cookie, 'PUT', '/api/v1/member/profile', { name: `Bench admin ${edit}` });
      during.push(...(await measuring));
    }
    for (const close of closers) close();

    const p99 = percentile(during, 99);
    const worst = Math.max(...during);
    const pass = p99 <= P99_BUDGET_MS && worst <= WORST_BUDGET_MS;
    console.log(
      `sse-reauth: ${STREAMS.toLocaleString('en')} open event streams over ${SESSIONS} sessions, ${EDITS} profile edits re-authorising them all: a probe session's /users/me p50 ${percentile(during, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (budget ≤ ${P99_BUDGET_MS} ms), worst ${worst.toFixed(0)} ms (budget ≤ ${WORST_BUDGET_MS} ms) over ${during.length} calls; baseline without edits p50 ${percentile(baseline, 50).toFixed(0)} ms, p99 ${percentile(baseline, 99).toFixed(0)} ms, worst ${Math.max(...baseline).toFixed(0)} ms; ${pass ? 'PASS' : 'FAIL'}`,
    );
  },
  {},
  {
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    EVENT_STREAMS_PER_SESSION: String(PER_SESSION),
    EVENT_STREAMS_PER_USER: String(STREAMS + 10),
  },
);
