import { withBenchServer } from './lib/api.ts';
import { percentile, rssMb } from './lib/server.ts';

// Issue 17 item 2: sustained ingest at 1× (the 3 clients of bench/ingest.ts), then 3× and 10× as many clients
// offering the same batches. Clients resend a refused batch after its Retry-After. Measured per phase: accepted
// points/s, refusals, /healthz p99 (polled every 50 ms through the phase), the server's peak RSS; at the end every
// acknowledged point must be stored exactly once.
const BATCH = 10_000;
const PHASE_SECONDS = 12;
const BASE_CLIENTS = 3;
const TAGS = ['h2', 'ch4', 'c2h6', 'c2h4', 'c2h2', 'co', 'co2', 'tdcg'];

await withBenchServer(async ({ server, plant, database }) => {
  const start = Date.parse('2024-01-01T00:00:00Z');
  let nextBatch = 0;
  let acknowledged = 0;
  // One point per minute per tag, each batch its own time range: a point is never sent in two batches.
  const body = (batch: number) => {
    let points = '';
    for (let i = 0; i < BATCH; i++) {
      const n = batch * BATCH + i;
      points += `${i ? ',' : ''}{"tag":"${TAGS[n % TAGS.length]}","ts":${start + Math.floor(n / TAGS.length) * 60_000},"value":${(n % 1000) / 10}}`;
    }
    return `{"modelCode":${JSON.stringify(plant.modelCode)},"points":[${points}]}`;
  };

  async function phase(clients: number) {
    let accepted = 0;
    let refused = 0;
    let other = 0;
    let maxRss = 0;
    const health: number[] = [];
    const until = performance.now() + PHASE_SECONDS * 1000;
    const sampler = setInterval(
      () => void rssMb(server.process.pid ?? 0).then((mb) => (maxRss = Math.max(maxRss, mb))),
      100,
    );
    const poller = (async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const response = await fetch(`${server.url}/healthz`);
        await response.arrayBuffer();
        health.push(response.ok ? performance.now() - t : Number.POSITIVE_INFINITY);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        let mine = nextBatch++;
        let payload = body(mine);
        while (performance.now() < until) {
          const response = await fetch(`${server.url}/api/v1/ingest/measurements`, {
            method: 'POST',
            headers: { authorization: `Bearer ${plant.key}`, 'content-type': 'application/json' },
            body: payload,
          }).catch(() => null);
          if (response?.status === 200) {
            const result = (await response.json()) as { accepted: number };
            accepted += result.accepted;
            acknowledged += result.accepted;
            mine = nextBatch++;
            payload = body(mine);
          } else if (response && (response.status === 503 || response.status === 429)) {
            await response.arrayBuffer();
            refused++;
            const wait = Number(response.headers.get('retry-after') ?? '1');
            await new Promise((resolve) => setTimeout(resolve, wait * 1000));
          } else {
            other++;
            await response?.arrayBuffer();
          }
        }
      }),
    );
    await poller;
    clearInterval(sampler);
    return {
      rate: accepted / PHASE_SECONDS,
      refused,
      other,
      healthP99: percentile(health, 99),
      maxRss,
    };
  }

  const one = await phase(BASE_CLIENTS);
  const three = await phase(BASE_CLIENTS * 3);
  const ten = await phase(BASE_CLIENTS * 10);

  const client = await database();
  const stored = (
    await client.query<{ n: string; distinct_points: string }>(
      `SELECT count(*) AS n, count(DISTINCT (m.series_id, m.ts)) AS distinct_points
       FROM measurements m JOIN series s ON s.id = m.series_id WHERE s.model_id = $1`,
      [plant.modelId],
    )
  ).rows[0];
  await client.end();
  const lost = acknowledged - Number(stored?.distinct_points ?? 0);
  const doubled = Number(stored?.n ?? 0) - Number(stored?.distinct_points ?? 0);
  const fmt = (p: Awaited<ReturnType<typeof phase>>) =>
    `${Math.round(p.rate).toLocaleString('en')} pts/s, ${p.refused} refused, /healthz p99 ${p.healthP99.toFixed(0)} ms, RSS ${Math.round(p.maxRss)} MB`;
  const worstHealth = Math.max(one.healthP99, three.healthP99, ten.healthP99);
  const worstRss = Math.max(one.maxRss, three.maxRss, ten.maxRss);
  const pass =
    ten.rate >= 0.9 * one.rate &&
    worstHealth <= 500 &&
    worstRss <= 600 &&
    lost <= 0 &&
    doubled === 0 &&
    ten.other + three.other + one.other === 0;
  console.log(
    `overload: 1× ${fmt(one)}; 3× ${fmt(three)}; 10× ${fmt(ten)}; 10×/1× accepted ${(ten.rate / one.rate).toFixed(2)} (budget ≥ 0.90), /healthz p99 ≤ 500 ms, RSS ≤ 600 MB; ${Math.max(0, lost)} acknowledged points lost, ${doubled} doubled, ${one.other + three.other + ten.other} other answers (budget 0); ${pass ? 'PASS' : 'FAIL'}`,
  );
});
