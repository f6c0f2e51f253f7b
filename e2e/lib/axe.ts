import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Rules Lighthouse's accessibility score counts although axe calls a failure only moderate: a page failing one
 * scores under 100 (issue 29 item 2), so they block like serious ones.
 */
const LIGHTHOUSE_SCORED = new Set(['heading-order']);

/**
 * Runs axe-core (WCAG 2.x A/AA rules, and the best-practice rules Lighthouse scores) on what the page shows now
 * and throws, listing each rule and where it fails, when a serious or critical violation is found (issue 17 item 4:
 * 0 on every page), or one Lighthouse scores.
 */
export async function assertAccessible(page: Page, where: string): Promise<void> {
  // Evaluated through the debugging protocol: the portal's CSP (script-src 'self') rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map((node) => ({ target: node.target })),
    }));
  });
  const blocking = violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || LIGHTHOUSE_SCORED.has(v.id),
  );
  if (blocking.length) {
    const lines = blocking.map(
      (v) => `- ${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
    throw new Error(
      `axe found ${blocking.length} serious or critical violation(s) on ${where}:\n${lines.join('\n')}`,
    );
  }
}
