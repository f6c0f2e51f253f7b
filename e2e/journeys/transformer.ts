import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { inFreshPage, sharedBrowser } from '../lib/browser.ts';
import { assertChartDrawn } from '../lib/chart-drawn.ts';
import { type DemoPlant, SEED_TIMEOUT_MS, startDemoPlant } from '../lib/demo-plant.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// The transformer dashboard on the streaming demo plant (issue 12 items 4, 5, 7): TX1's thermal fault has its
// main-tank DGA at alarm (H red, Duval zone T2) on the last days of the demo timeline.
const browser = sharedBrowser();

let plant: DemoPlant;
let tx1: string;

before(
  async () => {
    const day = 86_400_000;
    plant = await startDemoPlant(['Main transformer 1'], async (owner, [id]) => {
      const summary = await owner.call<{ tr_diagram_status: { h: number } }>(
        'GET',
        `/api/v1/equipment-models/tr-summary-status/${id}`,
      );
      const range = `startDate=${new Date(Date.now() - 5 * day).toISOString()}&endDate=${new Date().toISOString()}`;
      const raw = await owner.call<unknown[]>(
        'GET',
        `/api/v1/advance-analysis/dga-raw?modelId=${id}&${range}`,
      );
      return summary.tr_diagram_status.h === 2 && raw.length >= 2;
    });
    tx1 = plant.models['Main transformer 1'] as string;
  },
  { timeout: SEED_TIMEOUT_MS + 90_000 },
);

after(async () => {
  await plant?.stop();
});

/** Asserts a chart is drawn (option with data, canvas not blank); answers the points per series name. */
async function assertDrawn(chart: Locator, what: string) {
  const series = await assertChartDrawn(chart, what);
  return new Map(series.map((one) => [one.name, one.data.length]));
}

const chartIn = (scope: Page | Locator, name: string) => scope.getByRole('img', { name, exact: true });

async function openTab(page: Page, name: string) {
  // The dashboard's tabs and charts are mounted when it nears the screen (issue 29): scroll to it as a person would.
  await page.getByRole('region', { name: 'Monitoring Dashboard' }).scrollIntoViewIfNeeded();
  await page.getByRole('tab', { name, exact: true }).click();
}

// Every tab and sub-tab in one walk: on a loaded machine it takes longer than the runner's default 120 s.
test('TX1: the alarm badge on H, every tab drawn, the DGA calculator, Excel read back', {
  timeout: 600_000,
}, async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    // The plant's analysis runs beside this journey on a shared 2-core machine: allow slow answers.
    page.setDefaultTimeout(45_000);
    await signIn(page, demoAccounts.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto(`/model/${tx1}`);

    // Diagram: H (main tank DGA) in alarm, on the diagram's badge list.
    const badges = page.getByRole('list', { name: 'Diagram' });
    await badges.getByText('H: Alarm', { exact: true }).waitFor({ state: 'attached' });

    // Health Monitoring: the first trend of the first tab is drawn.
    await openTab(page, 'Health Monitoring');
    await page.getByRole('tablist', { name: 'Health Monitoring' }).waitFor();
    // A trend of the kit: the region with the date-type radios (panels A–J above hold gauges, not trends).
    const firstTrend = page
      .getByRole('region')
      .filter({ has: page.getByRole('radiogroup', { name: 'Date type' }) })
      .first();
    await firstTrend.scrollIntoViewIfNeeded();
    await assertDrawn(firstTrend.getByRole('img').first(), 'Health Monitoring trend');

    // Advance analysis.
    await openTab(page, 'Advance analysis');
    const pdTab = page.getByRole('tab', { name: 'Partial discharge', exact: true });
    if (await pdTab.count()) {
      await pdTab.click();
      await assertDrawn(chartIn(page, 'Phase-resolved partial discharge'), 'PD scatter');
    }

    await openTab(page, 'DGA triangle');
    const triangle = chartIn(page, 'Duval Triangle 1 : Main tank');
    const duval = await assertDrawn(triangle, 'Duval triangle');
    assert.ok((duval.get('Samples') ?? 0) >= 1, 'the triangle shows the history of samples');
    assert.equal(duval.get('Latest sample'), 1, 'the latest sample is highlighted');
    const latest = page.getByRole('status', { name: 'Latest DGA sample' });
    assert.match((await latest.textContent()) ?? '', /zone T2 /);

    // The calculator: all three gases needed; stored values read back; a hand-entered T2 sample.
    const calculator = page.getByRole('region', { name: 'DGA calculator' });
    await calculator.getByRole('textbox', { name: 'CH4' }).fill('60');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('Please fill in all data.').waitFor();
    // Its date and time are typed as the portal's other dates, DD/MM/YYYY and a 24-hour HH:mm (issue 27 item 5).
    const day = calculator.getByRole('textbox', { name: 'Date', exact: true });
    const time = calculator.getByRole('textbox', { name: 'Time', exact: true });
    assert.match(await day.inputValue(), /^\d{2}\/\d{2}\/\d{4}$/);
    assert.match(await time.inputValue(), /^\d{2}:\d{2}$/);
    const typedTime = await time.inputValue();
    await time.fill('25:00');
    await calculator.getByRole('button', { name: 'Read stored values' }).click();
    await calculator.getByText('Enter a date as DD/MM/YYYY and a time as HH:mm.').waitFor();
    await time.fill(typedTime);
    await calculator.getByRole('button', { name: 'Read stored values' }).click();
    await page.waitForFunction(
      () => (document.querySelector('input[inputmode="decimal"]') as HTMLInputElement | null)?.value !== '60',
    );
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    const zone = calculator.getByTestId('dga-calculated-zone');
    assert.equal(await zone.textContent(), 'T2', 'the stored latest sample is in T2');
    // 60 / 35 / 1 ppm: CH4 62.5 %, C2H4 36.5 %, C2H2 1.0 % → T2 (C2H4 20–50 %, C2H2 < 4 %).
    await calculator.getByRole('textbox', { name: 'CH4' }).fill('60');
    await calculator.getByRole('textbox', { name: 'C2H4' }).fill('35');
    await calculator.getByRole('textbox', { name: 'C2H2' }).fill('1');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('CH4 62.5 % · C2H4 36.5 % · C2H2 1.0 %').waitFor();
    assert.equal(await zone.textContent(), 'T2');
    const withPoint = await assertDrawn(triangle, 'Duval triangle with the calculated point');
    assert.equal(withPoint.get('Calculated'), 1, 'the calculated point is on the triangle');
    // 10 / 10 / 80 ppm: C2H2 80 % (> 13 %) with C2H4 10 % (< 23 %) → D1, a discharge of low energy.
    await calculator.getByRole('textbox', { name: 'CH4' }).fill('10');
    await calculator.getByRole('textbox', { name: 'C2H4' }).fill('10');
    await calculator.getByRole('textbox', { name: 'C2H2' }).fill('80');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('CH4 10.0 % · C2H4 10.0 % · C2H2 80.0 %').waitFor();
    assert.equal(await zone.textContent(), 'D1');

    await openTab(page, 'Locus');
    const locus = chartIn(page, 'V–I locus : Phase A');
    const curves = await assertDrawn(locus, 'V–I locus');
    assert.equal(curves.size, 3, 'reference, last and present are drawn');
    await page
      .getByRole('table', { name: 'Locus process table' })
      .getByRole('rowheader', { name: 'Present', exact: true })
      .waitFor();

    await openTab(page, 'Losses');
    const lossesChart = chartIn(page, 'Transformer losses (kW)');
    await assertDrawn(lossesChart, 'Losses');
    await page.getByRole('region', { name: 'Losses over the range' }).getByText('Energy lost').waitFor();
    const losses = page.getByRole('region', { name: 'Transformer losses (kW)' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      losses.getByRole('button', { name: 'Excel' }).click(),
    ]);
    // Named by the model's code (TX1's demo model is TX1-TR1), never its id.
    assert.match(download.suggestedFilename(), /^TR_TX1-[A-Z0-9]+_LOSSES\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('The workbook has no sheet.');
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [
      'Time',
      'Tag',
      'Value',
      'Unit',
      'Warning',
      'Alarm',
      'Status',
    ]);
    assert.ok(sheet.rowCount > 2, 'the export holds the points shown');
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    assert.match(String(first[0]), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(first[1], 'Total losses');
    assert.equal(first[3], 'kW');
    assert.ok(typeof first[2] === 'number' && first[2] > 0);

    // Correlation (Anomaly): pairs, the score trend and tag A against tag B.
    await openTab(page, 'Correlation (Anomaly)');
    const pairs = page.getByRole('table', { name: 'Correlation pairs (q-setting)' });
    await pairs.getByRole('row').nth(1).waitFor();
    const scoreChart = page.getByRole('img', { name: /^Anomaly score : / });
    await assertDrawn(scoreChart, 'Anomaly score trend');
    const scatter = page.getByRole('img', { name: / against / });
    await scatter.scrollIntoViewIfNeeded();
    const scatterSeries = await assertDrawn(scatter, 'Tag A against tag B');
    assert.ok((scatterSeries.get('Samples') ?? 0) > 10, 'the pairs are plotted');
  });
});
