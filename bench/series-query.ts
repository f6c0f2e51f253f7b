import { withBenchServer } from './lib/api.ts';
import { percentile } from './lib/server.ts';

const MINUTES = 525_600;
const RUNS = 60;

await withBenchServer(async ({ server, plant, database }) => {
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let offset = 0; offset < MINUTES; offset += 50_000) {
    const points = Array.from({ length: Math.min(50_000, MINUTES - offset) }, (_, i) => {
      const n = offset + i;
      return {
        tag: 'top_oil_temperature',
        ts: start + n * 60_000,
        value: 55 + 10 * Math.sin((2 * Math.PI * n) / 1440) + ((n * 7919) % 100) / 50,
      };
    });
    const response = await fetch(`${server.url}/api/v1/ingest/measurements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plant.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ modelCode: plant.modelCode, points }),
    });
    if (!response.ok) throw new Error(await response.text());
  }
  const from = new Date(start).toISOString();
  const to = new Date(start + MINUTES * 60_000).toISOString();
  const url = `${server.url}/api/v1/equipment-models/${plant.modelId}/series/data?tags=top_oil_temperature&from=${from}&to=${to}&width=500`;
  const times: number[] = [];
  let points = 0;
  for (let run = 0; run < RUNS + 5; run++) {
    const t = performance.now();
    const body = (await (await fetch(url, { headers: { cookie: plant.cookie } })).json()) as {
      series: { points: unknown[] }[];
    };
    if (run >= 5) times.push(performance.now() - t);
    points = body.series[0]?.points.length ?? 0;
  }

  const client = await database();
  const naive: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    await client.query(
      `SELECT m.ts, m.value FROM measurements m JOIN series s ON s.id = m.series_id WHERE s.model_id = $1 AND s.tag = 'top_oil_temperature' AND m.ts >= $2 AND m.ts < $3 ORDER BY m.ts`,
      [plant.modelId, from, to],
    );
    naive.push(performance.now() - t);
  }
  await client.end();
  const p95 = percentile(times, 95);
  console.log(
    `series-query: year of minutes (${MINUTES.toLocaleString('en')} points) → ${points} points, p95 ${p95.toFixed(1)} ms, p50 ${percentile(times, 50).toFixed(1)} ms over ${RUNS} requests (budget p95 ≤ 50 ms); baseline raw SQL read of every point p50 ${percentile(naive, 50).toFixed(0)} ms; ${p95 <= 50 ? 'PASS' : 'FAIL'}`,
  );
});
