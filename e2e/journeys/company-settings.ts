import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type APIRequestContext, request } from 'playwright-core';
import { type ApiSession, createTag, rootFolderId, uniqueCode } from '../lib/api.ts';
import { baseUrl, inFreshPage, sharedBrowser, waitForTitle } from '../lib/browser.ts';
import { DEMO_PASSWORD, demoAccounts, signIn } from '../lib/sign-in.ts';

const browser = sharedBrowser();
const TRANSFORMER = 1;

type IngestResult = { accepted: number; duplicates: number; rejected: number; errors: unknown[] };

/** A gateway's call: one measurement of a model, with the ingest key as its bearer token. */
async function sendMeasurement(key: string, modelCode: string): Promise<Response> {
  return fetch(new URL('/api/v1/ingest/measurements', baseUrl()), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      modelCode,
      points: [{ tag: 'top_oil_temperature', ts: new Date().toISOString(), value: 61.5 }],
    }),
  });
}

/**
 * A transformer model in the demo company to send to. Only the platform ADMIN adds models of every type (an
 * OWNER_RVS adds RVS models only), so the ADMIN selects the demo company and builds a tag and the model there.
 */
async function demoTransformer(): Promise<{ companyId: string; code: string; modelCode: string }> {
  const context: APIRequestContext = await request.newContext({
    baseURL: baseUrl(),
    // As the web client: the server refuses body-less and multipart writes without it (CSRF).
    extraHTTPHeaders: { 'x-sdp-csrf': '1' },
  });
  try {
    const login = await context.post('/auth/login', {
      data: { email: demoAccounts.admin, password: DEMO_PASSWORD },
    });
    assert.ok(login.ok(), `admin sign-in: ${login.status()}`);
    const { user } = (await login.json()) as { user: { companies: { id: string; initial_code: string }[] } };
    const company = user.companies.find((candidate) => candidate.initial_code === 'DEMO');
    assert.ok(company, 'the demo company exists');
    const selected = await context.put('/api/v1/users/me/company', { data: { company_id: company.id } });
    assert.ok(selected.ok(), `selecting the demo company: ${selected.status()}`);
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await context.fetch(path, { method, data: body });
      assert.ok(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const admin: ApiSession = { companyId: company.id, call, dispose: () => context.dispose() };

    const code = uniqueCode('KEY');
    const tagId = await createTag(admin, await rootFolderId(admin), code, 'Ingest key transformer');
    const model = await call<{ id: string }>('POST', '/api/v1/equipment-models', {
      equipment_tag_id: tagId,
      model_in: { title: `${code} transformer`, equipmentModelTypeId: TRANSFORMER },
    });
    const { modelCode } = await call<{ modelCode: string }>('GET', `/api/v1/equipment-models/${model.id}`);
    return { companyId: company.id, code, modelCode };
  } finally {
    await context.dispose();
  }
}

test('the owner creates an ingest key on Company Settings, a gateway sends with it, and the owner revokes it', async (t) => {
  const { companyId, code, modelCode } = await demoTransformer();

  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.owner);
    await page.waitForURL(/\/company\/[0-9a-f-]{36}$/);
    assert.equal(new URL(page.url()).pathname.split('/')[2], companyId, 'the owner is in the demo company');

    await page
      .getByRole('complementary', { name: 'Company' })
      .getByRole('link', { name: 'Company Settings' })
      .click();
    await waitForTitle(page, 'Company Settings');
    await page.getByText('POST /api/v1/ingest/measurements').waitFor();

    const name = `Gateway ${code}`;
    await page.getByRole('button', { name: 'Create ingest key' }).click();
    const form = page.getByRole('dialog', { name: 'Create ingest key' });
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await form.getByText('* Required').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('button', { name: 'Create', exact: true }).click();

    const shown = page.getByRole('dialog', { name: `Ingest key "${name}"` });
    await shown.getByText('Copy this key now: it will not be shown again.').waitFor();
    const key = await shown.getByRole('textbox', { name: 'Key' }).inputValue();
    assert.match(key, /^sdp_[0-9a-f]{8}_\S+$/);
    const prefix = key.split('_')[1];
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(`sdp_${prefix}_…`).waitFor();
    await row.getByText('active', { exact: true }).waitFor();
    assert.equal(await page.getByText(key).count(), 0, 'the key itself is shown only once');

    const sent = await sendMeasurement(key, modelCode);
    assert.equal(sent.status, 200, await sent.clone().text());
    const result = (await sent.json()) as IngestResult;
    assert.equal(result.accepted, 1, JSON.stringify(result));
    assert.equal(result.rejected, 0);

    // 'Last used' fills in once the key has been used.
    await page.reload();
    await waitForTitle(page, 'Company Settings');
    await row
      .getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
      .first()
      .waitFor();
    assert.equal(
      await row.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).count(),
      2,
      'created and last used',
    );

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('revoked', { exact: true }).waitFor();
    assert.equal(await row.getByRole('button').count(), 0, 'a revoked key has no Revoke action');

    const refused = await sendMeasurement(key, modelCode);
    assert.equal(refused.status, 401, 'a revoked key is refused');
  });
});

test('a member sees no Company Settings, neither in the drawer nor in the settings menu', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.member);
    await page.waitForURL(/\/company\/[0-9a-f-]{36}$/);
    const drawer = page.getByRole('complementary', { name: 'Company' });
    await drawer.waitFor();
    assert.equal(await drawer.getByRole('link', { name: 'Company Settings' }).count(), 0);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).waitFor();
    assert.equal(await page.getByRole('menuitem', { name: 'Company Settings' }).count(), 0);
  });
});
