import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inFreshPage, sharedBrowser, waitForTitle } from '../lib/browser.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

const browser = sharedBrowser();

test('the administrator signs in and lands on Companies', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.admin);

    await page.waitForURL('**/companies');
    await waitForTitle(page, 'Companies');
    await page.getByRole('heading', { name: 'Company list' }).waitFor();
    await page.getByRole('button', { name: /^Demo Plant / }).waitFor();
    // Companies is a platform page: no company panel.
    assert.equal(await page.getByRole('complementary', { name: 'Company' }).count(), 0);
  });
});

test('a member signs in and lands on their company page with the drawer', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.member);

    await page.waitForURL(/\/company\/[0-9a-f-]{36}$/);
    await waitForTitle(page, 'Company Page');
    const drawer = page.getByRole('complementary', { name: 'Company' });
    await drawer.getByRole('heading', { name: 'Demo Plant' }).waitFor();
    await drawer.getByText(/^Remaining day: \d+ days? left$/).waitFor();
    await page.getByRole('banner').getByText('Mia Member').waitFor();
  });
});

test('a wrong password shows the server message and stays on the sign-in page', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.owner, 'not-the-password');

    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth/login');
  });
});
