import { type Browser, chromium, type Page } from 'playwright-core';
import { BENCH_ADMIN } from './api.ts';

/** Median and worst of a benchmark's runs. */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
export const worst = (values: number[]) => Math.max(...values);

/** Collects the largest contentful paint of the page as it happens, in `window.__lcp`. */
export const LCP_SCRIPT = `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** Chromium as the journeys run it: Debian's, headless, SwiftShader WebGL. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/**
 * A page of a new browser context (empty cache), 1440 × 900, signed in through the API as the bench administrator
 * with `companyId` chosen, collecting its LCP.
 */
export async function benchPage(browser: Browser, baseURL: string, companyId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const login = await context.request.post('/auth/login', { data: BENCH_ADMIN });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  const chosen = await context.request.put('/api/v1/users/me/company', {
    data: { company_id: companyId },
    headers: { 'x-sdp-csrf': '1' },
  });
  if (!chosen.ok()) throw new Error(`company not selected: ${chosen.status()}`);
  await context.addInitScript(LCP_SCRIPT);
  return context.newPage();
}

/** The baseline page: the sign-in page's LCP in a new context. */
export async function signInPageLcp(browser: Browser, baseURL: string): Promise<number> {
  const blank = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  try {
    await blank.addInitScript(LCP_SCRIPT);
    const login = await blank.newPage();
    await login.goto('/auth/login');
    await login.getByLabel('E-mail').waitFor();
    await login.waitForTimeout(300);
    return (await login.evaluate('window.__lcp')) as number;
  } finally {
    await blank.close();
  }
}
