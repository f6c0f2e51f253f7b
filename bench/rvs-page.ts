// Budgets (issue 14), in the browser: the RVS 2D spectrum of a 65,536-sample capture, click to drawn ≤ 300 ms; the
// waterfall (3D Spectrum) of 30 captures × 8,192 lines drawn ≤ 1 s; the RVS model page's largest contentful paint
// ≤ 1.2 s (built app, cold cache).
// Measured: the real server (API + the built web app at WEB_DIST, default apps/web/dist) on a fresh database with
// one RVS model (sensor S1), a 65,536-sample capture and 30 captures of 16,384 samples stored through ingest;
// Chromium (SwiftShader WebGL, as the journeys), 1440 × 900, signed in through the API. Each run is a new browser
// context (empty cache): `/model/{id}` opened (LCP from the PerformanceObserver), the tab opened, sensor and data
// sets chosen, then the time from the Search click to the first frame painted after the chart's ECharts option
// holds every chosen data set. Median and worst of RUNS runs.
// Baseline, same run and page: the same API call fetched by the page itself (no chart), and the sign-in page's LCP.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { adminEnv, BENCH_ADMIN, createBenchPlant } from './lib/api.ts';
import { benchPage, launchBrowser, median, signInPageLcp, worst } from './lib/browser.ts';
import { freshDataDir, repoRoot, startServer } from './lib/server.ts';

const RUNS = 5;
const CLICK_BUDGET_MS = 300;
const WATERFALL_BUDGET_MS = 1000;
const LCP_BUDGET_MS = 1200;
const N = 65_536;
const WATERFALL_CAPTURES = 30;
/** 16,384 samples: 8,192 spectral lines each. */
const WATERFALL_SAMPLES = 16_384;
const fs = 25_600;

const dataDir = await freshDataDir();
const server = await startServer({
  DATA_DIR: dataDir,
  SDP_DEMO: '0',
  ROLE: 'api',
  WEB_DIST: process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
  ...adminEnv,
});
const browser = await launchBrowser();

try {
  const plant = await createBenchPlant(server.url, BENCH_ADMIN, 5, {
    raw_vibration_sensor_in: [
      { sensorId: 'S1', sensorName: 'Bench', machine: 'driven', rotatingSpeed: 1480 },
    ],
  });
  const store = async (length: number, capturedAt: Date, fileName: string) => {
    const samples = Float32Array.from(
      { length },
      (_, i) =>
        Math.sin((2 * Math.PI * 24.7 * i) / fs) +
        0.3 * Math.sin((2 * Math.PI * 107.4 * i) / fs) +
        0.05 * Math.sin(i * 1.7),
    );
    const query = new URLSearchParams({
      modelCode: plant.modelCode,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'x',
      sampleRate: String(fs),
      capturedAt: capturedAt.toISOString(),
      unit: 'm/s2',
      fileName,
    });
    const response = await fetch(`${server.url}/api/v1/ingest/waveforms?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plant.key}`, 'content-type': 'application/octet-stream' },
      body: Buffer.from(samples.buffer),
    });
    if (!response.ok) throw new Error(`ingest ${fileName}: ${response.status} ${await response.text()}`);
  };
  // The 30 waterfall captures first (older), the 65,536-sample one newest: it heads the Data set list.
  const start = Date.now() - 40 * 86_400_000;
  for (let i = 0; i < WATERFALL_CAPTURES; i++)
    await store(WATERFALL_SAMPLES, new Date(start + i * 86_400_000), `bench-wf-${i}.bin`);
  await store(N, new Date(start + 35 * 86_400_000), 'bench-65536.bin');

  const newPage = () => benchPage(browser, server.url, plant.companyId);

  const choose = async (page: Page, label: string, option: RegExp | string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).first().click();
  };

  /** Opens the tab, chooses S1 and `pick` data sets, then times Search click → frame after the option is full. */
  const clickToDrawn = async (
    page: Page,
    tab: string,
    pick: (options: Locator) => Promise<void>,
    lines: number,
  ) => {
    const plots = page.getByRole('region', { name: 'Plots' });
    await plots.getByRole('tab', { name: tab, exact: true }).click();
    await choose(page, 'Sensor Location', /Bench/);
    await page.getByRole('combobox', { name: 'Data set' }).click();
    await pick(page.getByRole('option'));
    await page.keyboard.press('Escape');
    const chart = plots.getByRole('img', { name: tab, exact: true });
    await chart.waitFor();
    const search = page.getByRole('button', { name: 'Search' });
    await search.evaluate((button) => {
      button.addEventListener('click', () => {
        (window as unknown as { __clicked: number }).__clicked = performance.now();
      });
    });
    await search.click();
    const drawn = await chart.evaluateHandle(
      (box, wanted) =>
        new Promise<number>((resolve) => {
          const element = box as HTMLElement & {
            echarts?: { getOption: () => { series?: { data?: unknown[] }[] } | undefined };
          };
          const poll = () => {
            const series = element.echarts?.getOption()?.series ?? [];
            const full = series.filter((one) => (one.data?.length ?? 0) > 0).length >= wanted;
            if (!full) return requestAnimationFrame(poll);
            // The option is set; the frame after the next is the first that shows it.
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
          };
          poll();
        }),
      lines,
    );
    const at = (await drawn.jsonValue()) as number;
    const clicked = (await page.evaluate('window.__clicked')) as number;
    // When the chart's answer had arrived (resource timing of the last spectrum or waterfall call).
    const answered = await page.evaluate(() => {
      const calls = performance
        .getEntriesByType('resource')
        .filter((entry) => /rvs-graph-result\/(spectrum|waterfall)/.test(entry.name));
      return (calls.at(-1) as PerformanceResourceTiming | undefined)?.responseEnd ?? Number.NaN;
    });
    return {
      ms: at - clicked,
      answeredMs: answered - clicked,
      points: Number(await chart.getAttribute('data-points')),
    };
  };

  /** The baseline: the call the chart made, fetched again by the page itself (fresh, no chart). */
  const fetchOnly = (page: Page, url: string) =>
    page.evaluate(async (path) => {
      const t = performance.now();
      const response = await fetch(path, { cache: 'no-store' });
      await response.json();
      return performance.now() - t;
    }, url);

  const results = { lcp: [] as number[], spectrum: [] as number[], waterfall: [] as number[] };
  const answered = { spectrum: [] as number[], waterfall: [] as number[] };
  const baselines = { lcp: [] as number[], spectrum: [] as number[], waterfall: [] as number[] };
  let spectrumPoints = 0;
  let waterfallPoints = 0;
  for (let run = 0; run < RUNS; run++) {
    const page = await newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (/rvs-graph-result\/(spectrum|waterfall)/.test(request.url())) calls.push(request.url());
    });
    await page.goto(`/model/${plant.modelId}`);
    await page.getByRole('region', { name: 'Plots' }).waitFor();
    await page.waitForTimeout(300);
    results.lcp.push((await page.evaluate('window.__lcp')) as number);

    const spectrum = await clickToDrawn(page, '2D Spectrum', (options) => options.first().click(), 1);
    results.spectrum.push(spectrum.ms);
    answered.spectrum.push(spectrum.answeredMs);
    spectrumPoints = spectrum.points;
    baselines.spectrum.push(await fetchOnly(page, calls.at(-1) ?? ''));

    const waterfall = await clickToDrawn(
      page,
      '3D Spectrum',
      async (options) => {
        for (let i = 1; i <= WATERFALL_CAPTURES; i++) await options.nth(i).click();
      },
      WATERFALL_CAPTURES,
    );
    results.waterfall.push(waterfall.ms);
    answered.waterfall.push(waterfall.answeredMs);
    waterfallPoints = waterfall.points;
    baselines.waterfall.push(await fetchOnly(page, calls.at(-1) ?? ''));
    await page.context().close();

    baselines.lcp.push(await signInPageLcp(browser, server.url));
  }
  const pass =
    median(results.spectrum) <= CLICK_BUDGET_MS &&
    median(results.waterfall) <= WATERFALL_BUDGET_MS &&
    median(results.lcp) <= LCP_BUDGET_MS;
  const figure = (values: number[]) => `${median(values).toFixed(0)} ms (worst ${worst(values).toFixed(0)})`;
  console.log(
    `rvs-page: Chromium, built app, cold cache, median of ${RUNS}: 2D spectrum of a ${N.toLocaleString('en')}-sample capture click to drawn ${figure(results.spectrum)} (budget ≤ ${CLICK_BUDGET_MS} ms; answer in at ${median(answered.spectrum).toFixed(0)} ms; ${spectrumPoints.toLocaleString('en')} points), baseline the call alone ${median(baselines.spectrum).toFixed(0)} ms; waterfall of ${WATERFALL_CAPTURES} captures × 8,192 lines click to drawn ${figure(results.waterfall)} (budget ≤ ${WATERFALL_BUDGET_MS} ms; answer in at ${median(answered.waterfall).toFixed(0)} ms; ${waterfallPoints.toLocaleString('en')} points), baseline the call alone ${median(baselines.waterfall).toFixed(0)} ms; RVS model page LCP ${figure(results.lcp)} (budget ≤ ${LCP_BUDGET_MS} ms), baseline sign-in page LCP ${median(baselines.lcp).toFixed(0)} ms; ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
