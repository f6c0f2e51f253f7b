import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, type TestContext } from 'node:test';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';

const RESULTS_DIR = path.join(import.meta.dirname, '..', 'test-results');

/** Base URL of the server `run.ts` started for this run. */
export function baseUrl(): string {
  const url = process.env.SDP_E2E_BASE_URL;
  if (!url) throw new Error('SDP_E2E_BASE_URL is not set: run the journeys through `npm run e2e`.');
  return url;
}

/** Debian's Chromium, headless, without the background traffic that makes runs slow or flaky. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** One Chromium for the journeys of a file: launched before the first, closed after the last. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is only available inside a test.');
    return browser;
  };
}

/**
 * Runs a journey in a fresh browser context (its own cookies) and keeps a full-page screenshot under
 * `e2e/test-results/` when it fails.
 */
export async function inFreshPage(
  browser: Browser,
  t: TestContext,
  journey: (page: Page) => Promise<void>,
  /** A phone, say: `{ viewport, hasTouch: true, isMobile: true }` (then nothing hovers). */
  device: BrowserContextOptions = {},
) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    ...device,
  });
  context.setDefaultTimeout(15_000);
  // Journeys never reach the internet: map tiles, the place search and outside links fail at once instead.
  const portal = new URL(baseUrl()).origin;
  await context.route(
    (url) => url.origin !== portal,
    (route) => route.abort('internetdisconnected'),
  );
  const page = await context.newPage();
  try {
    await journey(page);
  } catch (error) {
    await mkdir(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${t.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    t.diagnostic(`screenshot: ${file}`);
    throw error;
  } finally {
    await context.close();
  }
}

/** Waits until the document title is exactly `title`. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/**
 * Scrolls a section of the page into view as a person scrolls to it. A panel below a model's body stands in as an
 * empty section until its code has come and is then replaced by the panel, a new element (issue 29 item 2): a scroll
 * that began on the stand-in is tried again on the panel.
 */
export async function scrollToSection(section: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await section.scrollIntoViewIfNeeded();
      return;
    } catch (error) {
      if (attempt >= 3 || !/not attached to the DOM/.test(String(error))) throw error;
    }
  }
}
