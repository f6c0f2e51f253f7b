// Budget (issue 2): GET /api/v1/users/me with 100 concurrent connections for 10 s: p99 ≤ 25 ms, no errors.
// Baseline: GET /healthz on the same server in the same run (one raw `SELECT 1` round trip, no session).
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { freshDataDir, startServer } from './lib/server.ts';

const dataDir = await freshDataDir();
const server = await startServer({ DATA_DIR: dataDir, SDP_DEMO: '1', SDP_DEMO_STREAM: '0' });
try {
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'demo1234' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: ${login.status}`);

  const run = (path: string, headers: Record<string, string> = {}) =>
    autocannon({ url: `${server.url}${path}`, connections: 100, duration: 10, headers });
  // Warm the JIT and the pool before measuring.
  await autocannon({
    url: `${server.url}/api/v1/users/me`,
    connections: 10,
    duration: 2,
    headers: { cookie },
  });
  const baseline = await run('/healthz');
  const me = await run('/api/v1/users/me', { cookie });
  const errors = me.errors + me.non2xx + me.timeouts;
  const pass = me.latency.p99 <= 25 && errors === 0;
  console.log(
    `users-me: p99 ${me.latency.p99} ms, p50 ${me.latency.p50} ms, ${Math.round(me.requests.average)} req/s, ${errors} errors (budget p99 ≤ 25 ms, 0 errors); baseline /healthz p99 ${baseline.latency.p99} ms, ${Math.round(baseline.requests.average)} req/s; ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
