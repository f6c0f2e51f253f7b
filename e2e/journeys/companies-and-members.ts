import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inFreshPage, sharedBrowser, waitForTitle } from '../lib/browser.ts';
import { acceptInvitation, invitationLinkFromOutbox } from '../lib/invitations.ts';
import { onePixelPng } from '../lib/png.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// One story in three steps: each test goes on from where the previous one left the portal.
const browser = sharedBrowser();
const company = { title: 'Harbour Substation', code: 'HARBOUR1' };
const owner = { email: 'harbour.owner@example.com', name: 'Hana Harbour', password: 'harbour-owner-1' };
const member = { email: 'harbour.member@example.com', name: 'Milo Harbour', password: 'harbour-member-1' };

async function signInAsAdmin(page: Page) {
  await signIn(page, demoAccounts.admin);
  await page.waitForURL('**/companies');
}

/** The members table row of an e-mail. */
const memberRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('the administrator creates a company with a logo and invites its owner', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signInAsAdmin(page);

    await page.getByRole('button', { name: 'Create Company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Company' });
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    assert.equal(await confirm.isDisabled(), true, 'Confirm is disabled while the form is empty');
    await dialog.getByLabel('Company logo').setInputFiles({
      name: 'harbour.png',
      mimeType: 'image/png',
      buffer: onePixelPng([11, 92, 122]),
    });
    await dialog.getByRole('img', { name: 'Company logo' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Company name' }).fill(company.title);
    await dialog.getByRole('textbox', { name: 'Initial code' }).fill(company.code.toLowerCase());
    assert.equal(await dialog.getByRole('textbox', { name: 'Initial code' }).inputValue(), company.code);
    await dialog.getByRole('textbox', { name: 'End date' }).fill('31/12/2030');
    await confirm.click();

    await page.getByText('Create company successfully').waitFor();
    const card = page.getByRole('listitem').filter({ hasText: company.title });
    await card.getByText('Expires: 31/12/2030').waitFor();
    // The logo is served back to the signed-in administrator.
    const logo = card.getByAltText(`Logo of ${company.title}`);
    await logo.waitFor();
    assert.equal(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth), 1);

    await card.getByRole('button', { name: `Actions for ${company.title}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Member' }).click();
    await waitForTitle(page, 'Member in company');
    await page.getByText(`${company.title} · 0 users`).waitFor();

    await page.getByRole('button', { name: 'Invite Member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Member' });
    await invite.getByRole('textbox', { name: 'Email' }).fill(owner.email);
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Owner', exact: true }).click();
    await invite.getByRole('button', { name: 'Invite' }).click();

    await page.getByText('Invite member successfully').waitFor();
    const row = memberRow(page, owner.email);
    await row.getByText('Pending').waitFor();
    await row.getByText('Owner', { exact: true }).waitFor();
  });
});

test('the owner opens the link from the outbox, sets a password and sees the company', async (t) => {
  let link = '';
  await inFreshPage(browser(), t, async (page) => {
    await signInAsAdmin(page);
    link = await invitationLinkFromOutbox(page, owner.email);
  });
  assert.match(link, /\/auth\/invitation\/[A-Za-z0-9_-]+$/);

  await inFreshPage(browser(), t, async (page) => {
    await page.goto(new URL(link).pathname);
    await page.getByText(`You are invited to join ${company.title}.`).waitFor();
    await page.getByText(`E-mail: ${owner.email}`).waitFor();

    await acceptInvitation(page, link, owner.name, owner.password);

    await page.waitForURL(/\/company\/[0-9a-f-]{36}$/);
    await waitForTitle(page, 'Company Page');
    const drawer = page.getByRole('complementary', { name: 'Company' });
    await drawer.getByRole('heading', { name: company.title }).waitFor();
    await page.getByRole('banner').getByText(owner.name).waitFor();
  });
});

test('the owner invites a member and, once they accept, edits and switches their role', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, owner.email, owner.password);
    await page.waitForURL(/\/company\/[0-9a-f-]{36}$/);
    await page.getByRole('complementary', { name: 'Company' }).getByRole('link', { name: 'Members' }).click();
    await waitForTitle(page, 'Member in company');

    await page.getByRole('button', { name: 'Invite Member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Member' });
    await invite.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Member', exact: true }).click();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Invite member successfully').waitFor();
    // A pending member can be sent the invitation again or deleted, not edited.
    const row = memberRow(page, member.email);
    await row.getByRole('button', { name: `Resend invite ${member.email}` }).waitFor();
    assert.equal(await row.getByRole('button', { name: `Edit ${member.email}` }).count(), 0);

    await inFreshPage(browser(), t, async (adminPage) => {
      await signInAsAdmin(adminPage);
      const link = await invitationLinkFromOutbox(adminPage, member.email);
      await inFreshPage(browser(), t, async (memberPage) => {
        await acceptInvitation(memberPage, link, member.name, member.password);
        await memberPage.waitForURL(/\/company\/[0-9a-f-]{36}$/);
      });
    });

    await page.reload();
    await row.getByText('Active').waitFor();
    await row.getByText(member.name).waitFor();

    await row.getByRole('button', { name: `Edit ${member.email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.getByRole('combobox', { name: 'Role' }).click();
    const offered = await page.getByRole('listbox').getByRole('option').allTextContents();
    assert.deepEqual(offered, ['Owner', 'Member'], 'the edit user dialog offers owner and member only');
    await page.getByRole('option', { name: 'Owner', exact: true }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Edit member successfully').waitFor();
    await row.getByText('Owner', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Switch role ${member.email}` }).click();
    const switchRole = page.getByRole('dialog', { name: 'Switch role' });
    await switchRole.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Super member', exact: true }).click();
    await switchRole.getByRole('button', { name: 'Switch role' }).click();
    await page.getByText('Switch role successfully').waitFor();
    await row.getByText('Super member', { exact: true }).waitFor();
  });
});

test('the administrator deletes the company, finds it under Show deleted and restores it', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signInAsAdmin(page);
    const card = page.getByRole('listitem').filter({ hasText: company.title });

    await card.getByRole('button', { name: `Actions for ${company.title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete' });
    await confirm.getByText('Do you want to delete this company?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete company successfully').waitFor();
    await card.waitFor({ state: 'detached' });

    await page.getByRole('switch', { name: 'Show deleted' }).click();
    await page.waitForURL(/\?deleted=include$/);
    await card.getByText('Deleted', { exact: true }).waitFor();
    // A deleted company cannot be opened, only restored.
    assert.equal(await card.getByRole('button', { name: new RegExp(`^${company.title} `) }).count(), 0);
    await card.getByRole('button', { name: `Actions for ${company.title}` }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore' }).getByRole('button', { name: 'Restore' }).click();

    await page.getByText('Restore company successfully').waitFor();
    await card.getByRole('button', { name: new RegExp(`^${company.title} `) }).waitFor();
    assert.equal(await card.getByText('Deleted', { exact: true }).count(), 0);
  });
});
