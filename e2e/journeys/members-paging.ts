import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inFreshPage, sharedBrowser, waitForTitle } from '../lib/browser.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

const browser = sharedBrowser();
const INVITED = 12;

test('the members table keeps page and perPage in the address across a reload', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.owner);
    await page.waitForURL(/\/company\/[0-9a-f-]{36}$/);
    const companyId = new URL(page.url()).pathname.split('/')[2];

    // Enough members for several pages, invited with the owner's own session (pending members do not count
    // towards the limit of 10 active ones).
    for (let index = 1; index <= INVITED; index += 1) {
      const email = `paging.${String(index).padStart(2, '0')}@example.com`;
      const response = await page
        .context()
        .request.post(`/api/v1/companies/${companyId}/members/invite`, { data: { email, role: 'MEMBER' } });
      assert.equal(response.status(), 201, `inviting ${email}: ${await response.text()}`);
    }

    await page.getByRole('complementary', { name: 'Company' }).getByRole('link', { name: 'Members' }).click();
    await waitForTitle(page, 'Member in company');
    await page.getByText(/^1–10 of \d+$/).waitFor();
    const total = Number((await page.getByText(/^1–10 of \d+$/).textContent())?.split(' of ')[1]);
    assert.ok(total >= INVITED + 4, `the demo company's members plus the invited ones, got ${total}`);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL(/[?&]page=2&perPage=10$/);

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await page.waitForURL(/[?&]page=1&perPage=5$/);
    await page.getByText(`1–5 of ${total}`).waitFor();

    // The pager follows the address at once, the rows follow the answer: wait for the page's own data.
    const secondPage = (response: { url(): string; ok(): boolean }) =>
      /\/members\?(.*&)?page=2&perPage=5/.test(response.url()) && response.ok();
    const answered = page.waitForResponse(secondPage);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL(/[?&]page=2&perPage=5$/);
    await answered;
    await page.getByText(`6–10 of ${total}`).waitFor();
    const rows = page.getByRole('table', { name: 'Member in company' }).getByRole('row');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 5);
    const emailsBefore = await rows.allTextContents();

    const reloaded = page.waitForResponse(secondPage);
    await page.reload();
    await reloaded;

    await page.getByText(`6–10 of ${total}`).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 5);
    assert.match(page.url(), /[?&]page=2&perPage=5$/);
    assert.equal(await page.getByRole('combobox', { name: /Rows per page/ }).textContent(), '5');
    assert.deepEqual(await rows.allTextContents(), emailsBefore);
  });
});
