// Budget (issue 29): Lighthouse 13 on every page a user lands on (the companies page, the company page, one model
// page per model type, the company's alarm list): Performance ≥ 0.9 with the desktop preset and ≥ 0.7 with the
// mobile one (Lighthouse's default: Moto G Power, simulated slow 4G and 4× CPU), CLS ≤ 0.1 on both, TBT ≤ 200 ms on
// desktop, Accessibility 100.
// Measured: the real server with the streaming demo plant (SDP_DEMO_HISTORY_DAYS, default 3), the built web app
// (WEB_DIST, default apps/web/dist), Debian's Chromium headless; signed in as the demo owner through the API and
// the session cookie handed to Lighthouse as an extra header; LIGHTHOUSE_RUNS runs per page and preset, each in a
// fresh tab with the cache cleared (Lighthouse's own storage reset).
// Baseline: the sign-in page (no session, no data, no charts) under the same preset in the same run. The machine
// is shared: the line says the load average, and a page is best judged by its distance from the baseline.
// LIGHTHOUSE_PAGES=company,alarms (names as printed) measures only those; LIGHTHOUSE_PRESETS=desktop likewise;
// LIGHTHOUSE_REPORTS=<folder> keeps each run's full report (JSON: the layout shifts, long tasks, ... behind a score).
// LIGHTHOUSE_RUNS=n (default 3): runs per page and preset; the run of median Performance is the page's figures, as
// Lighthouse's own guidance and Lighthouse CI do (one run of the same page swings ±0.05 on this machine: the demo
// streams, and when its updates land in the run varies); every run's score is printed too.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { signInCookie } from './lib/api.ts';
import { freePort, freshDataDir, repoRoot, startServer } from './lib/server.ts';

const BUDGET = {
  desktop: { performance: 0.9, tbtMs: 200 },
  mobile: { performance: 0.7, tbtMs: Number.POSITIVE_INFINITY },
  clsMax: 0.1,
  accessibility: 1,
};
type Preset = 'desktop' | 'mobile';

interface Scores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

type TreeNode = {
  children: TreeNode[];
  equipmentModels?: {
    id: string;
    is_offline: boolean;
    equipmentModelType: { id: number; title: string } | null;
  }[];
};

/** The first online model of each model type in the tree, by type title. */
function modelPerType(node: TreeNode, into = new Map<string, string>()): Map<string, string> {
  for (const model of node.equipmentModels ?? []) {
    const type = model.equipmentModelType?.title;
    if (type && !model.is_offline && !into.has(type)) into.set(type, model.id);
  }
  for (const child of node.children) modelPerType(child, into);
  return into;
}

/** Debian's Chromium, headless, listening for DevTools on a free port; Lighthouse drives it through that port. */
async function startChromium(): Promise<{ port: number; process: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'sdp-lighthouse-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const started = Date.now();
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 30_000) throw new Error('Chromium did not open its DevTools port in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    process: child,
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await rm(profile, { recursive: true, force: true });
    },
  };
}

// Lighthouse can reject a DevTools timeout from inside a timer nobody awaits (seen at load average 20); that run is
// then retried by `audit` rather than ending the benchmark.
process.on('unhandledRejection', (error) => console.error(`  (Lighthouse: ${String(error)})`));

/**
 * One Lighthouse run; a run that fails (a DevTools timeout, a page that stops responding on a loaded machine) is
 * tried once more, and a second failure scores 0 with NaN figures, so the line still shows the other pages.
 */
async function audit(url: string, preset: Preset, port: number, cookie?: string): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, preset, port, cookie);
    } catch (error) {
      console.error(`  ${url} ${preset}: ${String(error)}${attempt === 1 ? '; once more' : ''}`);
      if (attempt === 2) {
        return { performance: 0, accessibility: 0, lcpMs: Number.NaN, tbtMs: Number.NaN, cls: Number.NaN };
      }
    }
  }
}

async function auditOnce(url: string, preset: Preset, port: number, cookie?: string): Promise<Scores> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  const lhr = result?.lhr as Result | undefined;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (process.env.LIGHTHOUSE_REPORTS) {
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-')}-${preset}.json`;
    await writeFile(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: lhr.categories.performance?.score ?? Number.NaN,
    accessibility: lhr.categories.accessibility?.score ?? Number.NaN,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** The page's median run by Performance (of RUNS runs), with every run's Performance. */
async function auditMedian(
  url: string,
  preset: Preset,
  port: number,
  cookie?: string,
): Promise<Scores & { runs: number[] }> {
  const runs: Scores[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(url, preset, port, cookie));
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? sorted[0];
  if (!median) throw new Error('LIGHTHOUSE_RUNS must be at least 1');
  return { ...median, runs: runs.map((one) => one.performance) };
}

function within(scores: Scores, preset: Preset): boolean {
  return (
    scores.performance >= BUDGET[preset].performance &&
    scores.tbtMs <= BUDGET[preset].tbtMs &&
    scores.cls <= BUDGET.clsMax &&
    scores.accessibility >= BUDGET.accessibility
  );
}

const format = (scores: Scores & { runs: number[] }) =>
  `perf ${scores.performance.toFixed(2)}${scores.runs.length > 1 ? ` (runs ${scores.runs.map((run) => run.toFixed(2)).join(', ')})` : ''} LCP ${(scores.lcpMs / 1000).toFixed(1)} s TBT ${scores.tbtMs.toFixed(0)} ms CLS ${scores.cls.toFixed(3)} a11y ${scores.accessibility.toFixed(2)}`;

const dataDir = await freshDataDir();
const server = await startServer({
  DATA_DIR: dataDir,
  SDP_DEMO: '1',
  SDP_DEMO_STREAM: '1',
  SDP_DEMO_HISTORY_DAYS: process.env.SDP_DEMO_HISTORY_DAYS ?? '3',
  WEB_DIST: process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
});
const chromium = await startChromium();
try {
  const cookie = await signInCookie(server.url, 'owner@example.com', 'demo1234');
  const get = async <T>(route: string): Promise<T> => {
    const response = await fetch(`${server.url}${route}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
    return (await response.json()) as T;
  };
  const me = await get<{ selectedCompanyId?: string; user?: { selectedCompanyId?: string } }>(
    '/api/v1/users/me',
  );
  const companyId = me.user?.selectedCompanyId ?? me.selectedCompanyId;
  if (!companyId) throw new Error('the demo owner has no company');
  // The demo plant is seeded in the background: wait until every model type has a model with its history.
  let models = new Map<string, string>();
  const deadline = Date.now() + 300_000;
  for (;;) {
    models = modelPerType(await get<TreeNode>(`/api/v1/structure-item-company?company_id=${companyId}`));
    const summaries = await Promise.all(
      [...models.values()].map((id) =>
        get<{ lastDataAt?: string | null }>(`/api/v1/equipment-models/${id}/summary`),
      ),
    );
    if (models.size >= 5 && summaries.every((summary) => summary.lastDataAt)) break;
    if (Date.now() > deadline)
      throw new Error(`the demo plant was not ready in 300 s (${models.size} model types)`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  const pages: { name: string; route: string }[] = [
    { name: 'companies', route: '/companies' },
    { name: 'company', route: `/company/${companyId}` },
    ...[...models].map(([type, id]) => ({ name: `model ${type}`, route: `/model/${id}` })),
    { name: 'alarms', route: `/company/${companyId}/alarms` },
  ];
  const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',');
  const presets = (process.env.LIGHTHOUSE_PRESETS?.split(',') ?? ['desktop', 'mobile']) as Preset[];

  let pass = true;
  const parts: string[] = [];
  for (const preset of presets) {
    const baseline = await auditMedian(`${server.url}/auth/login`, preset, chromium.port);
    for (const page of pages.filter((candidate) => !onlyPages || onlyPages.includes(candidate.name))) {
      const scores = await auditMedian(`${server.url}${page.route}`, preset, chromium.port, cookie);
      const ok = within(scores, preset);
      pass &&= ok;
      parts.push(`${page.name} ${preset}: ${format(scores)}${ok ? '' : ' (over budget)'}`);
      console.error(`  ${page.name} ${preset}: ${format(scores)}`);
    }
    parts.push(`baseline sign-in page ${preset}: ${format(baseline)}`);
  }
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(
    `lighthouse: ${parts.join('; ')}; the median of ${RUNS} runs per page (budget desktop perf ≥ ${BUDGET.desktop.performance} and TBT ≤ ${BUDGET.desktop.tbtMs} ms, mobile perf ≥ ${BUDGET.mobile.performance}, CLS ≤ ${BUDGET.clsMax}, a11y ${BUDGET.accessibility}); load average ${load} on ${os.cpus().length} cores; ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await chromium.stop();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
