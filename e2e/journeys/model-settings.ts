import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import { type ApiSession, createFolder, createTag, rootFolderId, uniqueCode } from '../lib/api.ts';
import { inFreshPage, sharedBrowser, waitForTitle } from '../lib/browser.ts';
import { adminSessionInNewCompany, createOnlineModel } from '../lib/models.ts';
import { onePixelPng } from '../lib/png.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

const browser = sharedBrowser();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let admin: ApiSession;
let tagId: string;

before(async () => {
  admin = await adminSessionInNewCompany(uniqueCode('Model settings '));
  const folder = await createFolder(admin, await rootFolderId(admin), uniqueCode('MODELS'));
  tagId = await createTag(admin, folder, uniqueCode('TAG'), 'Model settings journeys');
});

after(async () => {
  await admin.dispose();
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** Signs the admin in and opens the setting page of a model. */
async function openSettings(page: Page, modelId: string) {
  await signIn(page, demoAccounts.admin);
  await page.waitForURL(/\/companies$/);
  await page.goto(`/setting/model/${modelId}`);
  await waitForTitle(page, 'Setting Model Online');
  await page.getByRole('textbox', { name: 'Model Name' }).waitFor();
}

/** Presses Edit model and lands on the model's view page. */
async function save(page: Page, modelId: string) {
  await page.getByRole('button', { name: 'Edit model' }).click();
  await page.getByText('Update model successfully').waitFor();
  await page.waitForURL(new RegExp(`/model/${modelId}$`));
}

/** Opens the setting page again from the server: what shows now is what was saved. */
async function reopen(page: Page, modelId: string) {
  await page.goto(`/setting/model/${modelId}`);
  await page.getByRole('textbox', { name: 'Model Name' }).waitFor();
}

async function value(scope: Page | Locator, name: string) {
  return textbox(scope, name).inputValue();
}

/** Waits until a select shows `text`: the lookup that names its value may still be loading. */
async function waitForChoice(select: Locator, text: string) {
  await select.filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
}

/** Waits until a field holds `expected` (an autocomplete fills in once its options have arrived). */
async function waitForValue(field: Locator, expected: string) {
  const deadline = Date.now() + 10_000;
  while ((await field.inputValue()) !== expected && Date.now() < deadline) await setTimeout(100);
  assert.equal(await field.inputValue(), expected);
}

/** Picks options of an open MUI select one after the other, then closes it. */
async function pickOptions(page: Page, combobox: Locator, options: string[]) {
  await combobox.click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('a transformer: every section changed, saved, and still there after a reload; correlation drops the oldest tag', async (t) => {
  const id = await createOnlineModel(admin, tagId, 1, uniqueCode('Transformer '));
  await inFreshPage(browser(), t, async (page) => {
    await openSettings(page, id);
    await textbox(page, 'Model Name').fill('Main transformer T1');

    const configuration = region(page, 'Configuration Information');
    await configuration.getByRole('checkbox', { name: 'Oil volume' }).uncheck();
    assert.equal(
      await configuration.getByRole('checkbox', { name: 'All' }).getAttribute('data-indeterminate'),
      'true',
    );

    const locus = region(page, 'V&I Locus');
    await locus.getByRole('button', { name: 'Add locus' }).click();
    await textbox(locus, 'Locus name of row 1').fill('HV-A');
    for (const [field, number] of [
      ['a', '1.2'],
      ['b', '0.4'],
      ['Angle (°)', '32.5'],
      ['e', '0.94'],
      ['Area', '1.51'],
    ] as const) {
      await textbox(locus, `${field} of HV-A`).fill(number);
    }

    const limits = region(page, 'Alarm Limit Sensor');
    await limits.getByRole('tab', { name: 'H Main Tank DGA' }).click();
    await textbox(limits, 'Warning of Hydrogen H2').fill('90');
    await textbox(limits, 'Alarm of Hydrogen H2').fill('600');
    // Oil level falls as it gets worse: its warning must stay above its alarm, as the server checks too.
    await limits.getByRole('tab', { name: 'C Thermal / Oil level' }).click();
    await textbox(limits, 'Warning of Oil level').fill('15');
    await limits.getByText('For a falling value the warning limit must be above the alarm limit.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Edit model' }).isDisabled(), true);
    await textbox(limits, 'Warning of Oil level').fill('35');
    assert.equal(await page.getByRole('button', { name: 'Edit model' }).isEnabled(), true);

    const correlation = region(page, 'Correlation Mapping');
    await correlation.getByRole('button', { name: 'Add mapping' }).click();
    await pickOptions(page, correlation.getByRole('combobox', { name: 'Tag codes of mapping 1' }), [
      'Hydrogen H2 (h2)',
      'Top-oil temperature (top_oil_temperature)',
      'Load factor (load_factor)',
    ]);
    // The third tag pushed the first one out; the score is named after the two kept.
    const score = 'top_oil_temperature_load_factor';
    await correlation.getByRole('cell', { name: score, exact: true }).waitFor();
    assert.equal(await correlation.getByText('h2', { exact: true }).count(), 0);
    await textbox(correlation, `Warning of ${score}`).fill('3');
    await textbox(correlation, `Alarm of ${score}`).fill('5');

    // The server's own template goes back as this model's recommendation messages.
    const template = await page.request.get(`/api/v1/equipment-models/${id}/recommendation`);
    const recommendation = region(page, 'Recommendation Message');
    await recommendation.getByLabel('Recommendation message file').setInputFiles({
      name: 'tr-messages.xlsx',
      mimeType: XLSX,
      buffer: await template.body(),
    });
    await recommendation.getByText('tr-messages.xlsx (uploaded on save)').waitFor();

    const alarmManagement = region(page, 'Alarm Management');
    await textbox(alarmManagement, 'Samples beyond the limit (X)').fill('2');
    await textbox(alarmManagement, 'Last samples (Y)').fill('4');

    await save(page, id);
    await reopen(page, id);

    assert.equal(await value(page, 'Model Name'), 'Main transformer T1');
    assert.equal(
      await region(page, 'Configuration Information')
        .getByRole('checkbox', { name: 'Oil volume' })
        .isChecked(),
      false,
    );
    assert.equal(await value(region(page, 'V&I Locus'), 'Angle (°) of HV-A'), '32.5');
    const savedLimits = region(page, 'Alarm Limit Sensor');
    await savedLimits.getByRole('tab', { name: 'H Main Tank DGA' }).click();
    assert.equal(await value(savedLimits, 'Warning of Hydrogen H2'), '90');
    assert.equal(await value(savedLimits, 'Alarm of Hydrogen H2'), '600');
    const savedCorrelation = region(page, 'Correlation Mapping');
    await savedCorrelation.getByRole('cell', { name: score, exact: true }).waitFor();
    assert.equal(await value(savedCorrelation, `Alarm of ${score}`), '5');
    await region(page, 'Recommendation Message').getByText('Current file: tr-messages.xlsx').waitFor();
    assert.equal(await value(region(page, 'Alarm Management'), 'Samples beyond the limit (X)'), '2');
    assert.equal(await value(region(page, 'Alarm Management'), 'Last samples (Y)'), '4');
  });
});

test('an MCA model: apply to all sets a whole group, motor data and persistence are saved', async (t) => {
  const id = await createOnlineModel(admin, tagId, 2, uniqueCode('MCA '));
  await inFreshPage(browser(), t, async (page) => {
    await openSettings(page, id);
    // The items arrive with their own request: 'All' unticked before them is already unticked (a no-op), and the
    // items then come in all ticked (seen on a loaded CI machine).
    await region(page, 'Configuration Information').getByRole('checkbox', { name: 'Rated power' }).waitFor();
    await region(page, 'Configuration Information').getByRole('checkbox', { name: 'All' }).uncheck();
    await region(page, 'Configuration Information').getByRole('checkbox', { name: 'Rated speed' }).check();
    await textbox(region(page, 'Motor Data'), 'Rated speed').fill('1470');
    await textbox(region(page, 'Alarm Management'), 'Last samples (Y)').fill('6');

    const limits = region(page, 'Alarm Limit Sensor');
    await limits.getByRole('tab', { name: 'Stator' }).click();
    const monitorAll = limits.getByRole('checkbox', { name: 'Monitor all of Stator' });
    const alertAll = limits.getByRole('checkbox', { name: 'Alert all of Stator' });
    const stator = ['Stator inter-turn signature', 'Current unbalance (NEMA)'];

    // Unticking monitor on one row clears its alert, and the apply-all boxes show the group is mixed.
    await limits.getByRole('checkbox', { name: `Monitor ${stator[0]}` }).uncheck();
    assert.equal(await limits.getByRole('checkbox', { name: `Alert ${stator[0]}` }).isChecked(), false);
    assert.equal(await monitorAll.getAttribute('data-indeterminate'), 'true');
    // Ticking an alert selects its row again.
    await limits.getByRole('checkbox', { name: `Alert ${stator[0]}` }).check();
    assert.equal(await limits.getByRole('checkbox', { name: `Monitor ${stator[0]}` }).isChecked(), true);

    await monitorAll.uncheck();
    for (const name of stator) {
      assert.equal(await limits.getByRole('checkbox', { name: `Monitor ${name}` }).isChecked(), false);
      assert.equal(await limits.getByRole('checkbox', { name: `Alert ${name}` }).isChecked(), false);
    }
    await textbox(limits, 'RUL Warning of all of Stator').fill('10');
    await textbox(limits, 'RUL Alarm of all of Stator').fill('20');
    await textbox(limits, 'Warning of all of Stator').fill('-48');
    await textbox(limits, 'Alarm of all of Stator').fill('-42');
    await monitorAll.check();
    assert.equal(await alertAll.isChecked(), true);
    for (const name of stator) {
      assert.equal(await limits.getByRole('checkbox', { name: `Monitor ${name}` }).isChecked(), true);
      assert.equal(await limits.getByRole('checkbox', { name: `Alert ${name}` }).isChecked(), true);
      assert.equal(await value(limits, `Warning of ${name}`), '-48');
      assert.equal(await value(limits, `RUL Alarm of ${name}`), '20');
    }
    // Rows of other groups are left alone.
    await limits.getByRole('tab', { name: 'Rotor' }).click();
    assert.equal(await value(limits, 'Warning of Broken rotor bar sideband'), '-45');

    await save(page, id);
    // The view page shows the information items chosen.
    const information = page.getByRole('table', { name: 'MCA Information' });
    await information.getByRole('cell', { name: 'Rated speed' }).waitFor();
    assert.equal(await information.getByRole('cell', { name: 'Rated power' }).count(), 0);

    await reopen(page, id);
    assert.equal(await value(region(page, 'Motor Data'), 'Rated speed'), '1470');
    assert.equal(await value(region(page, 'Alarm Management'), 'Last samples (Y)'), '6');
    const saved = region(page, 'Alarm Limit Sensor');
    await saved.getByRole('tab', { name: 'Stator' }).click();
    assert.equal(await value(saved, 'Alarm of Current unbalance (NEMA)'), '-42');
    assert.equal(await value(saved, 'RUL Warning of Current unbalance (NEMA)'), '10');
  });
});

test('a VCA model: Brand selects its first Model with the rated life, and every table is saved', async (t) => {
  const id = await createOnlineModel(admin, tagId, 3, uniqueCode('VCA '));
  await inFreshPage(browser(), t, async (page) => {
    await openSettings(page, id);
    await region(page, 'Configuration Information')
      .getByRole('checkbox', { name: 'Commissioning date' })
      .uncheck();
    await textbox(region(page, 'Motor and VSD Data'), 'Motor rated power').fill('75');
    await textbox(region(page, 'Alarm Management'), 'Samples beyond the limit (X)').fill('4');

    const capacitor = region(page, 'Remaining Life Alarm Limit Sensor').getByRole('group', {
      name: 'DC-link capacitor remaining life',
    });
    await capacitor.getByRole('combobox', { name: 'Brand' }).click();
    await page.getByRole('option', { name: 'Siemens' }).click();
    // The first model of the brand is chosen and its capacitor rating fills L0 and Tmax.
    await capacitor.getByRole('combobox', { name: 'Model' }).filter({ hasText: 'SINAMICS G120' }).waitFor();
    const l0 = 'L0 rated life (h) of DC-link capacitor remaining life';
    assert.equal(await value(capacitor, l0), '5000');
    assert.equal(await value(capacitor, 'Tmax (℃) of DC-link capacitor remaining life'), '105');
    await capacitor.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'SINAMICS S120' }).click();
    assert.equal(await value(capacitor, l0), '8000');
    await textbox(capacitor, 'Initial usage duration (days) of DC-link capacitor remaining life').fill('120');

    const vsd = region(page, 'Alarm Limit Sensor');
    await textbox(vsd, 'Warning of Heatsink temperature').fill('70');
    await vsd.getByRole('button', { name: 'Remove Control card temperature' }).click();
    await region(page, 'Trend Signal Alarm Limit Sensor')
      .getByRole('checkbox', { name: 'Monitor Motor load' })
      .uncheck();

    await save(page, id);
    await reopen(page, id);

    assert.equal(await value(region(page, 'Motor and VSD Data'), 'Motor rated power'), '75');
    assert.equal(await value(region(page, 'Alarm Management'), 'Samples beyond the limit (X)'), '4');
    const savedCapacitor = region(page, 'Remaining Life Alarm Limit Sensor').getByRole('group', {
      name: 'DC-link capacitor remaining life',
    });
    await savedCapacitor
      .getByRole('combobox', { name: 'Model' })
      .filter({ hasText: 'SINAMICS S120' })
      .waitFor();
    assert.equal(await value(savedCapacitor, l0), '8000');
    assert.equal(await value(region(page, 'Alarm Limit Sensor'), 'Warning of Heatsink temperature'), '70');
    assert.equal(
      await region(page, 'Alarm Limit Sensor')
        .getByRole('button', { name: /^Remove / })
        .count(),
      3,
    );
    assert.equal(
      await region(page, 'Trend Signal Alarm Limit Sensor')
        .getByRole('checkbox', { name: 'Alert Motor load' })
        .isChecked(),
      false,
    );
    assert.equal(
      await region(page, 'Configuration Information')
        .getByRole('checkbox', { name: 'Commissioning date' })
        .isChecked(),
      false,
    );
  });
});

test('an EVS model: a new vibration sensor starts at 0 limits on sensor point 1 and machine template 1', async (t) => {
  const id = await createOnlineModel(admin, tagId, 4, uniqueCode('EVS '));
  await inFreshPage(browser(), t, async (page) => {
    await openSettings(page, id);
    await region(page, 'Configuration Information').getByRole('checkbox', { name: 'Coupling' }).uncheck();
    await textbox(region(page, 'Alarm Management'), 'Last samples (Y)').fill('7');

    const sensors = region(page, 'Vibration Sensor');
    await sensors.getByRole('button', { name: 'Add sensor' }).click();
    // An empty id and name stop the save until they are filled in.
    assert.equal(await page.getByRole('button', { name: 'Edit model' }).isDisabled(), true);
    await textbox(sensors, 'Sensor ID of row 1').fill('EVS-01');
    await textbox(sensors, 'Sensor Name of EVS-01').fill('Fan DE');
    assert.equal(await value(sensors, 'Velocity (mm/s) Warning of EVS-01'), '0');
    assert.equal(await value(sensors, 'Temperature (℃) Alarm of EVS-01'), '0');
    await waitForChoice(sensors.getByRole('combobox', { name: 'Sensor point of EVS-01' }), 'Motor DE');
    await waitForChoice(
      sensors.getByRole('combobox', { name: 'Machine template of EVS-01' }),
      'Motor – pump',
    );
    await textbox(sensors, 'Velocity (mm/s) Warning of EVS-01').fill('2.8');
    await textbox(sensors, 'Velocity (mm/s) Alarm of EVS-01').fill('4.5');
    await sensors.getByRole('combobox', { name: 'Sensor point of EVS-01' }).click();
    await page.getByRole('option', { name: 'Fan DE' }).click();

    await save(page, id);
    await reopen(page, id);

    const saved = region(page, 'Vibration Sensor');
    assert.equal(await value(saved, 'Sensor Name of EVS-01'), 'Fan DE');
    assert.equal(await value(saved, 'Velocity (mm/s) Alarm of EVS-01'), '4.5');
    await waitForChoice(saved.getByRole('combobox', { name: 'Sensor point of EVS-01' }), 'Fan DE');
    assert.equal(await value(region(page, 'Alarm Management'), 'Last samples (Y)'), '7');
    assert.equal(
      await region(page, 'Configuration Information').getByRole('checkbox', { name: 'Coupling' }).isChecked(),
      false,
    );
  });
});

test('an RVS model: realtime report, a raw vibration sensor with axis labels H/V/A, and a diagram', async (t) => {
  const id = await createOnlineModel(admin, tagId, 5, uniqueCode('RVS '));
  await inFreshPage(browser(), t, async (page) => {
    await openSettings(page, id);
    await region(page, 'Information').getByRole('switch', { name: 'Auto-send realtime report' }).check();
    await region(page, 'Configuration Information')
      .getByRole('checkbox', { name: 'Impeller vanes' })
      .uncheck();
    await textbox(region(page, 'Alarm Management'), 'Samples beyond the limit (X)').fill('3');

    const sensors = region(page, 'Raw Vibration Sensor');
    await sensors.getByRole('button', { name: 'Add sensor' }).click();
    await textbox(sensors, 'Sensor ID of row 1').fill('RVS-01');
    const sensor = sensors.getByRole('group', { name: 'Sensor RVS-01' });
    await textbox(sensor, 'Sensor Name of RVS-01').fill('Pump DE');
    assert.deepEqual(
      [
        await value(sensor, 'Axis x label of RVS-01'),
        await value(sensor, 'Axis y label of RVS-01'),
        await value(sensor, 'Axis z label of RVS-01'),
      ],
      ['H', 'V', 'A'],
    );
    // The velocity limits start at the ISO 10816-3 defaults of the RVS sensor type.
    assert.equal(await value(sensor, 'Velocity x Warning of RVS-01'), '2.8');
    await textbox(sensor, 'Position type of RVS-01').fill('Horizontal');
    await sensor.getByRole('combobox', { name: 'Machine' }).click();
    await page.getByRole('option', { name: 'Driven' }).click();
    await sensor.getByRole('combobox', { name: 'Bearing of RVS-01' }).fill('6205');
    await page.getByRole('option', { name: /^6205/ }).click();
    await textbox(sensor, 'Rotating speed (rpm) of RVS-01').fill('1797');
    await textbox(sensor, 'Velocity x Alarm of RVS-01').fill('7.1');
    await textbox(sensor, 'Battery Warning of RVS-01').fill('25');

    await region(page, 'Diagram')
      .getByLabel('Machine diagram')
      .setInputFiles({ name: 'pump-diagram.png', mimeType: 'image/png', buffer: onePixelPng([40, 90, 160]) });
    await region(page, 'Diagram').getByRole('img', { name: 'Machine diagram' }).waitFor();

    await save(page, id);
    // RVS models show their information accordion as 'Machine Information'.
    await page.getByRole('table', { name: 'Machine Information' }).waitFor();
    await reopen(page, id);

    assert.equal(
      await region(page, 'Information')
        .getByRole('switch', { name: 'Auto-send realtime report' })
        .isChecked(),
      true,
    );
    const saved = region(page, 'Raw Vibration Sensor').getByRole('group', { name: 'Sensor RVS-01' });
    assert.equal(await value(saved, 'Position type of RVS-01'), 'Horizontal');
    await waitForChoice(saved.getByRole('combobox', { name: 'Machine' }), 'Driven');
    await waitForValue(saved.getByRole('combobox', { name: 'Bearing of RVS-01' }), '6205');
    assert.equal(await value(saved, 'Rotating speed (rpm) of RVS-01'), '1797');
    assert.equal(await value(saved, 'Velocity x Alarm of RVS-01'), '7.1');
    assert.equal(await value(saved, 'Battery Warning of RVS-01'), '25');
    assert.match(
      (await region(page, 'Diagram').getByRole('img', { name: 'Machine diagram' }).getAttribute('src')) ?? '',
      /\/api\/v1\/files\/equipment-tags\//,
    );
    assert.equal(await value(region(page, 'Alarm Management'), 'Samples beyond the limit (X)'), '3');
  });
});

test('the configuration accordion of the view page edits a value and shows it after the reload', async (t) => {
  const id = await createOnlineModel(admin, tagId, 4, uniqueCode('EVS '));
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.admin);
    await page.waitForURL(/\/companies$/);
    await page.goto(`/model/${id}`);
    const information = page.getByRole('table', { name: 'EVS Information' });
    await information.getByRole('row', { name: /Rotational speed 1480 rpm/ }).waitFor();
    await page.getByRole('button', { name: 'Edit value' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit value' });
    await textbox(dialog, 'Rotational speed').fill('1490');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await information.getByRole('row', { name: /Rotational speed 1490 rpm/ }).waitFor();
    await page.reload();
    await page
      .getByRole('table', { name: 'EVS Information' })
      .getByRole('row', { name: /Rotational speed 1490 rpm/ })
      .waitFor();
  });
});
