import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  type ApiSession,
  apiSession,
  createFolder,
  createTag,
  rootFolderId,
  uniqueCode,
} from '../lib/api.ts';
import { inFreshPage, sharedBrowser } from '../lib/browser.ts';
import { assertChartDrawn } from '../lib/chart-drawn.ts';
import { createOnlineModel } from '../lib/models.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// Fault events you can own (issue 15 items 1, 8): an event raised by ingest while the model page is open appears
// without a reload; it is acknowledged to a recipient with a comment, closed with Done, and its history details
// say who did what. On the shared journey server (no streaming plant): a transformer of the demo company's own gets
// no data but what this journey sends.
const browser = sharedBrowser();

let owner: ApiSession;
let tx: { id: string; code: string };
let key: string;

before(async () => {
  owner = await apiSession(demoAccounts.owner);
  // A transformer of its own, in a folder of its own, built by the platform ADMIN (who builds structure): the
  // shared server's demo company has no streaming plant.
  const admin = await apiSession(demoAccounts.admin, undefined, owner.companyId);
  const folder = await createFolder(admin, await rootFolderId(admin), uniqueCode('FE'));
  const tag = await createTag(admin, folder, uniqueCode('TXF'), 'Fault-event journey transformer');
  const id = await createOnlineModel(admin, tag, 1, 'Fault-event transformer');
  await admin.dispose();
  // Recipients are the people who see the equipment (issue 23 item 16): the supermember is assigned to the tag.
  const supermember = await apiSession(demoAccounts.supermember);
  const { id: supermemberId } = await supermember.call<{ id: string }>('GET', '/api/v1/users/me');
  await supermember.dispose();
  await owner.call('POST', '/api/v1/equipment_model_member', {
    company_id: owner.companyId,
    equipment_tag_id: tag,
    member_option: [{ id: supermemberId, is_create: true, is_delete: false }],
  });
  const { modelCode } = await owner.call<{ modelCode: string }>('GET', `/api/v1/equipment-models/${id}`);
  tx = { id, code: modelCode };
  ({ key } = await owner.call<{ key: string }>('POST', `/api/v1/companies/${owner.companyId}/ingest-keys`, {
    name: 'fault-events journey',
  }));
});

after(async () => {
  await owner?.dispose();
});

/** Sends hydrogen readings far above the transformer's alarm limit: 3 of the last 5 make the default persistence. */
async function hydrogenAlarm(page: Page) {
  const now = Date.now();
  const points = [900, 910, 920, 930, 940].map((value, i) => ({
    tag: 'h2',
    ts: new Date(now - (5 - i) * 60_000).toISOString(),
    value,
  }));
  const sent = await page.request.post('/api/v1/ingest/measurements', {
    headers: { authorization: `Bearer ${key}` },
    data: { modelCode: tx.code, points },
  });
  assert.equal(sent.status(), 200, await sent.text());
}

/**
 * Fills the Acknowledgement or Done dialog (a Done with what was found: issue 25 item 5), saves, confirms the send
 * and waits for 'Your data was sent.'.
 */
async function sendComment(page: Page, title: string, comment: string, recipient?: RegExp, outcome?: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  if (recipient) {
    await dialog.getByRole('combobox', { name: 'Send to' }).click();
    await page.getByRole('option', { name: recipient }).click();
  }
  // Typing in the comment closes the recipients' list (Escape there would close the dialog too).
  await dialog.getByRole('textbox', { name: /^Comment/ }).click();
  await dialog.getByRole('textbox', { name: /^Comment/ }).fill(comment);
  if (outcome) {
    await dialog.getByRole('combobox', { name: /^Outcome/ }).click();
    await page.getByRole('option', { name: outcome }).click();
  }
  await dialog.getByRole('button', { name: /^(Save|Update)$/ }).click();
  await page.getByText('Would you like to send a comment?').waitFor();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Your data was sent.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

test('an event raised by ingest appears on the open page; acknowledge, Done, and the history says who and when', {
  timeout: 180_000,
}, async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    page.setDefaultTimeout(30_000);
    await signIn(page, demoAccounts.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto(`/model/${tx.id}`);
    await page.getByRole('heading', { name: 'Fault-event transformer' }).waitFor();
    // Without events the panel stays folded (spec 03 §2.14: expanded by default when alarms exist).
    // The panel's own header (it has aria-expanded), not the "On this page" bar's button of the same name.
    const panelHeader = page
      .getByRole('button', { name: /^Fault Event Alarm/ })
      .and(page.locator('[aria-expanded]'));
    await panelHeader.waitFor();
    assert.equal(
      await panelHeader.getAttribute('aria-expanded'),
      'false',
      'the transformer starts without events',
    );
    const fresh = page.getByRole('table', { name: 'New Fault Event Alarm' });
    await page.evaluate(() => {
      (window as unknown as { journeyMarker: string }).journeyMarker = 'same page';
    });

    // The event arrives over the page's event stream: no reload, no refresh click.
    await hydrogenAlarm(page);
    const row = fresh.locator('tr[data-event-id]').first();
    await row.waitFor({ timeout: 60_000 });
    assert.match((await row.textContent()) ?? '', /Alarm/);
    assert.equal(
      await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker),
      'same page',
      'the page was not reloaded',
    );

    // Acknowledge to the supermember with a comment; the button then reads Update and Done appears.
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await sendComment(
      page,
      'Acknowledgement',
      'Oil sample taken, lab results tomorrow.',
      /supermember@example\.com/,
    );
    await row.getByRole('button', { name: 'Update' }).waitFor();

    // Done closes it: it leaves the new events for the history.
    await row.getByRole('button', { name: 'Done' }).click();
    await sendComment(
      page,
      'Done',
      'Oil degassed and resampled: hydrogen back to normal.',
      undefined,
      'Planned maintenance',
    );
    const history = page.getByRole('table', { name: 'Fault Event Alarm History' });
    const closed = history.locator('tr[data-event-id]').first();
    await closed.waitFor();
    assert.equal(await fresh.locator('tr[data-event-id]').count(), 0, 'no open event is left');

    // The history details say who acknowledged and closed it, to whom, and what they wrote.
    await closed.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Alarm History Details' });
    await details.waitFor();
    // The dialog opens at once and its details arrive after: wait for the last of them.
    await details.getByText('Oil degassed and resampled: hydrogen back to normal.').waitFor();
    const text = (await details.textContent()) ?? '';
    for (const expected of [
      'Olivia Owner',
      'supermember@example.com',
      'Oil sample taken, lab results tomorrow.',
      'Oil degassed and resampled: hydrogen back to normal.',
    ]) {
      assert.ok(text.includes(expected), `the details name ${expected}`);
    }
    await details.getByRole('button', { name: 'Close' }).click();
  });
});

/** The pixel of a drawn point of a chart-kit box: ECharts converts the option's data point for the series. */
async function pointPixel(chart: Locator, seriesIndex: number, dataIndex: number) {
  const [x, y] = await chart.evaluate(
    (element, [series, index]) => {
      const instance = (
        element as unknown as {
          echarts: {
            getOption: () => { series: { data: [number, number][] }[] };
            convertToPixel: (finder: { seriesIndex: number }, value: [number, number]) => [number, number];
          };
        }
      ).echarts;
      const point = instance.getOption().series[series as number]?.data[index as number];
      if (!point) throw new Error(`no point ${index} in series ${series}`);
      return instance.convertToPixel({ seriesIndex: series as number }, point);
    },
    [seriesIndex, dataIndex],
  );
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not on screen');
  return { x: box.x + x, y: box.y + y };
}

/** The ids of the pins (mark points) a chart-kit box draws on a series. */
const pins = (chart: Locator) =>
  chart.evaluate((element) =>
    (
      element as unknown as {
        echarts: { getOption: () => { series: { markPoint?: { data?: { id: string }[] } }[] } };
      }
    ).echarts
      .getOption()
      .series.flatMap((one) => one.markPoint?.data ?? [])
      .map((one) => one.id),
  );

test('a sensor point note is added by clicking a point of a trend, and is pinned and listed there', {
  timeout: 180_000,
}, async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    page.setDefaultTimeout(30_000);
    await signIn(page, demoAccounts.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    // Hydrogen of its own for this test (well below the limits): the trend has points whatever ran before.
    const now = Date.now();
    const sent = await page.request.post('/api/v1/ingest/measurements', {
      headers: { authorization: `Bearer ${key}` },
      data: {
        modelCode: tx.code,
        points: [40, 42, 41, 43].map((value, i) => ({
          tag: 'h2',
          ts: new Date(now - (4 - i) * 3_600_000 - 30 * 60_000).toISOString(),
          value,
        })),
      },
    });
    assert.equal(sent.status(), 200, await sent.text());

    await page.goto(`/model/${tx.id}`);
    await page.getByRole('heading', { name: 'Fault-event transformer' }).waitFor();
    // The dashboard's tabs and charts are mounted when it nears the screen (issue 29): scroll to it first.
    await page.getByRole('region', { name: 'Monitoring Dashboard' }).scrollIntoViewIfNeeded();
    await page.getByRole('tab', { name: 'Health Monitoring', exact: true }).click();
    await page.getByRole('tab', { name: 'DGA', exact: true }).click();
    // The transformer has hydrogen only: the one trend of the DGA tab (the kit's region with the date-type radios).
    const trend = page
      .getByRole('region')
      .filter({ has: page.getByRole('radiogroup', { name: 'Date type' }) })
      .first();
    await trend.scrollIntoViewIfNeeded();
    const chart = trend.getByRole('img').first();
    const [drawn] = await assertChartDrawn(chart, 'hydrogen trend');
    assert.ok((drawn?.data.length ?? 0) >= 4, 'the trend has the points sent');
    assert.deepEqual(await pins(chart), [], 'no note yet');

    // Click the second point: the note dialog says which point it is on.
    const at = await pointPixel(chart, 0, 1);
    await page.mouse.click(at.x, at.y);
    const dialog = page.getByRole('dialog', { name: 'Sensor point note' });
    await dialog.waitFor();
    assert.match((await dialog.textContent()) ?? '', /value 42\.00/);
    const text = 'Oil sample taken at this reading.';
    await dialog.getByRole('textbox', { name: 'Note (250 characters)' }).fill(text);
    await dialog.getByText(`${text.length}/250`).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The note was saved.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Listed under the chart and pinned on the point.
    const list = trend.getByRole('list', { name: 'Notes on this graph' });
    await list.getByText(text).waitFor();
    assert.match((await list.textContent()) ?? '', /Olivia Owner/);
    await page.waitForFunction(
      (element) =>
        (
          element as unknown as {
            echarts: { getOption: () => { series: { markPoint?: { data?: unknown[] } }[] } };
          }
        ).echarts
          .getOption()
          .series.some((one) => (one.markPoint?.data?.length ?? 0) > 0),
      await chart.elementHandle(),
    );
    assert.equal((await pins(chart)).length, 1, 'one pin on the trend');

    // Off in yearly mode ('6 months or more'): no pins.
    await trend.getByRole('radio', { name: '6 months or more' }).check();
    await trend.getByText('Sensor point notes are off in yearly mode.').waitFor();
    await page.waitForFunction(
      (element) =>
        (
          element as unknown as {
            echarts: { getOption: () => { series: { markPoint?: { data?: unknown[] } }[] } };
          }
        ).echarts
          .getOption()
          .series.every((one) => (one.markPoint?.data?.length ?? 0) === 0),
      await chart.elementHandle(),
    );
  });
});
