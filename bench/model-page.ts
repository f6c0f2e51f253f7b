// Budget (issue 12): the model page of TX1, built app, cold cache, in Chromium: largest contentful paint ≤ 1.2 s
// and every chart on screen drawn ≤ 2 s. Measured: the real server with the streaming demo plant (3 days of
// history: the timeline still ends on TX1's alarm), the built web app (WEB_DIST, default apps/web/dist), a new
// browser context per run (empty cache), signed in through the API, then `/model/{TX1}` opened at 1440 × 900:
// LCP from the PerformanceObserver, and the first instant at which every chart box on the page has its ECharts
// instance with data in its option (or says 'No data'), both from navigation start; median of 5 runs.
// Baseline: the LCP of the sign-in page (no data, no charts) in the same browser, same run.
// MODEL_PAGE=P102 measures the MCA model page of P102 instead (issue 13: LCP ≤ 1.2 s; it sets no chart budget, the
// chart instant is reported), once its rotor reached alarm.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, chromium } from 'playwright-core';
import { freshDataDir, repoRoot, startServer } from './lib/server.ts';

const RUNS = 5;
const LCP_BUDGET_MS = 1200;

type Target = {
  name: string;
  title: string;
  /** The model's history is in: the page shows the demo's fault. */
  ready: (request: APIRequestContext, id: string) => Promise<boolean>;
  chartsBudgetMs: number | null;
};
const TARGETS: Record<string, Target> = {
  TX1: {
    name: 'TX1',
    title: 'Main transformer 1',
    ready: async (request, id) => {
      const summary = (await (
        await request.get(`/api/v1/equipment-models/tr-summary-status/${id}`)
      ).json()) as {
        tr_diagram_status: { h: number };
      };
      return summary.tr_diagram_status.h === 2;
    },
    chartsBudgetMs: 2000,
  },
  P102: {
    name: 'P102 (MCA)',
    title: 'Cooling water pump 102 motor',
    ready: async (request, id) => {
      const status = (await (
        await request.get(`/api/v1/mca-result-data-new/${id}/diagram_status`)
      ).json()) as {
        rotorStatus: number;
      };
      return status.rotorStatus === 2;
    },
    chartsBudgetMs: null,
  },
};
const target = TARGETS[process.env.MODEL_PAGE ?? 'TX1'];
if (!target) throw new Error(`MODEL_PAGE: one of ${Object.keys(TARGETS).join(', ')}`);

const dataDir = await freshDataDir();
const server = await startServer({
  DATA_DIR: dataDir,
  SDP_DEMO: '1',
  SDP_DEMO_STREAM: '1',
  SDP_DEMO_HISTORY_DAYS: '3',
  WEB_DIST: process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

type TreeNode = { children: TreeNode[]; equipmentModels?: { id: string; title: string }[] };
const findModel = (node: TreeNode, title: string): string | undefined =>
  node.equipmentModels?.find((model) => model.title === title)?.id ??
  node.children.map((child) => findModel(child, title)).find(Boolean);

/** Collects the largest contentful paint of the page as it happens. */
const LCP_SCRIPT = `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function signedInContext() {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const login = await context.request.post('/auth/login', {
    data: { email: 'owner@example.com', password: 'demo1234' },
  });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  await context.addInitScript(LCP_SCRIPT);
  return context;
}

try {
  // Wait for the plant and the model's history.
  const probe = await signedInContext();
  const me = (await (await probe.request.get('/api/v1/users/me')).json()) as {
    user?: { selectedCompanyId: string };
    selectedCompanyId?: string;
  };
  const companyId = me.user?.selectedCompanyId ?? me.selectedCompanyId;
  let modelId: string | undefined;
  const deadline = Date.now() + 240_000;
  while (!modelId && Date.now() < deadline) {
    const tree = (await (
      await probe.request.get(`/api/v1/structure-item-company?company_id=${companyId}`)
    ).json()) as TreeNode;
    const id = findModel(tree, target.title);
    if (id && (await target.ready(probe.request, id))) modelId = id;
    if (!modelId) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  await probe.close();
  if (!modelId) throw new Error(`${target.name} did not reach its demo fault in time`);

  const lcps: number[] = [];
  const charts: number[] = [];
  const chartCounts: number[] = [];
  const baselines: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`/model/${modelId}`);
    const drawn = await page.waitForFunction(
      () => {
        // On screen: the kit creates a chart only once its box nears the screen (echarts-canvas.tsx).
        const boxes = [...document.querySelectorAll('[data-ready]')].filter(
          (box) => box.getBoundingClientRect().top < window.innerHeight,
        ) as (HTMLElement & {
          echarts?: { getOption: () => { series?: { data?: unknown[] }[] } | undefined };
        })[];
        if (boxes.length === 0) return false;
        const done = boxes.every((box) => {
          const cover = box.parentElement?.querySelector('[role="status"]')?.textContent ?? '';
          if (cover === 'No data') return true;
          const series = box.echarts?.getOption()?.series ?? [];
          return series.some((one) => (one.data?.length ?? 0) > 0);
        });
        return done ? { at: performance.now(), count: boxes.length } : false;
      },
      undefined,
      { timeout: 30_000, polling: 'raf' },
    );
    const { at, count } = (await drawn.jsonValue()) as { at: number; count: number };
    // LCP is final once the page has been interacted with or hidden; read it after the charts are drawn.
    const lcp = (await page.evaluate('window.__lcp')) as number;
    lcps.push(lcp);
    charts.push(at);
    chartCounts.push(count);
    await context.close();

    const blank = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    await blank.addInitScript(LCP_SCRIPT);
    const login = await blank.newPage();
    await login.goto('/auth/login');
    await login.getByLabel('E-mail').waitFor();
    await login.waitForTimeout(300);
    baselines.push((await login.evaluate('window.__lcp')) as number);
    await blank.close();
  }
  const lcp = median(lcps);
  const drawnMs = median(charts);
  const chartsBudget = target.chartsBudgetMs;
  const pass = lcp <= LCP_BUDGET_MS && (chartsBudget === null || drawnMs <= chartsBudget);
  console.log(
    `model-page: ${target.name} cold cache, median of ${RUNS}: LCP ${lcp.toFixed(0)} ms (budget ≤ ${LCP_BUDGET_MS} ms), every chart on screen (${median(chartCounts)}) drawn ${drawnMs.toFixed(0)} ms (${chartsBudget === null ? 'no budget' : `budget ≤ ${chartsBudget} ms`}); baseline sign-in page LCP ${median(baselines).toFixed(0)} ms; ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
