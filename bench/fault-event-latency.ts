import { rm } from 'node:fs/promises';
import path from 'node:path';
import { adminEnv, BENCH_ADMIN, createBenchPlant } from './lib/api.ts';
import { benchPage, launchBrowser } from './lib/browser.ts';
import { freshDataDir, percentile, repoRoot, startServer } from './lib/server.ts';

// Budget (issue 15): from the ingest request that crosses a limit to the event in an open browser page, p95 ≤ 1 s.
// Measured: the real server (API and workers, the built web app at WEB_DIST, default apps/web/dist) on a fresh
// database with a bench transformer (default limits: hydrogen warning 100, alarm 150 ppm, 3 of 5 persistence).
// Chromium has the model page open, signed in as the administrator. Each run sends one ingest request of ten
// hydrogen readings, five normal ones then five far above the alarm limit (the tag falls back to normal and rises
// again: one new event a run), and times from just before the request to the frame in which the page's New Fault
// Event Alarm table shows the new event first (the analysis job, the NOTIFY, the page's event stream, the list's
// refetch and its render). RUNS runs after one to warm up. Baseline, same run: the ingest request alone.
const RUNS = 20;
const BUDGET_MS = 1_000;

const dataDir = await freshDataDir();
const server = await startServer({
  DATA_DIR: dataDir,
  SDP_DEMO: '0',
  WEB_DIST: process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
  ...adminEnv,
});
const browser = await launchBrowser();

try {
  const plant = await createBenchPlant(server.url, BENCH_ADMIN, 1);
  const page = await benchPage(browser, server.url, plant.companyId);
  await page.goto(`/model/${plant.modelId}`);
  await page.getByRole('heading', { name: 'Bench model' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: /^Fault Event Alarm/ }).waitFor({ timeout: 60_000 });

  // Readings a minute apart, later in every run; the newest is a few minutes old when the last run sends it.
  const first = Date.now() - (RUNS + 2) * 10 * 60_000;
  let minute = 0;
  const send = async () => {
    const points = [20, 21, 22, 20, 21, 900, 910, 920, 930, 940].map((value) => ({
      tag: 'h2',
      ts: new Date(first + minute++ * 60_000).toISOString(),
      value,
    }));
    const response = await fetch(`${server.url}/api/v1/ingest/measurements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plant.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ modelCode: plant.modelCode, points }),
    });
    if (!response.ok) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
  };
  const newest = () =>
    page.evaluate(
      () =>
        document
          .querySelector('table[aria-label="New Fault Event Alarm"] tr[data-event-id]')
          ?.getAttribute('data-event-id') ?? null,
    );

  const latencies: number[] = [];
  const requests: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const before = await newest();
    const waiting = page.waitForFunction(
      (previous) => {
        const id = document
          .querySelector('table[aria-label="New Fault Event Alarm"] tr[data-event-id]')
          ?.getAttribute('data-event-id');
        return id && id !== previous ? Date.now() : false;
      },
      before,
      { polling: 'raf', timeout: 30_000 },
    );
    const start = Date.now();
    await send();
    const sent = Date.now();
    const shown = (await (await waiting).jsonValue()) as number;
    if (run > 0) {
      latencies.push(shown - start);
      requests.push(sent - start);
    }
    // The next run starts from a quiet page.
    await page.waitForTimeout(500);
  }
  const p95 = percentile(latencies, 95);
  console.log(
    `fault-event-latency: ingest request crossing the alarm limit → the event shown on the open model page, ${RUNS} runs: p95 ${p95.toFixed(0)} ms, p50 ${percentile(latencies, 50).toFixed(0)} ms (budget p95 ≤ ${BUDGET_MS} ms); baseline the ingest request alone p95 ${percentile(requests, 95).toFixed(0)} ms, p50 ${percentile(requests, 50).toFixed(0)} ms; ${p95 <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
