import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inFreshPage, sharedBrowser, waitForTitle } from '../lib/browser.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

const browser = sharedBrowser();

test('a signed-out visitor to a protected route sees the sign-in page', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await page.goto('/companies');

    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});

test("Sign Out shows 'You have been logged out.' and protected routes send back to sign-in", async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.admin);
    await page.waitForURL('**/companies');

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();

    await page.getByText('You have been logged out.').waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth/login');

    for (const path of ['/companies', '/user/admin', '/']) {
      await page.goto(path);
      await page.waitForURL('**/auth/login');
      await waitForTitle(page, 'Sign in');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    }
  });
});
