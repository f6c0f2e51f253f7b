import type { Page } from 'playwright-core';

/**
 * Reads the invitation link sent to `recipient` the way an administrator does: on the Mail outbox page, by
 * opening the message. Without SMTP the message is 'Stored' once its job has run (about a second).
 */
export async function invitationLinkFromOutbox(adminPage: Page, recipient: string): Promise<string> {
  await adminPage.getByRole('button', { name: 'Settings', exact: true }).click();
  await adminPage.getByRole('menuitem', { name: 'Mail outbox' }).click();
  await adminPage.getByRole('heading', { name: 'Mail outbox' }).waitFor();
  const row = adminPage.getByRole('row').filter({ hasText: recipient }).first();
  // The page looks again every 5 s; the message is queued first, then stored.
  await row.getByText('Stored').waitFor({ timeout: 20_000 });
  await row.getByRole('button', { name: /^Show the message/ }).click();
  const link = adminPage.getByRole('link', { name: /\/auth\/invitation\// }).first();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`The message to ${recipient} has no invitation link.`);
  return href;
}

/** Accepts an invitation with a name and password, as the invited person does on the link's page. */
export async function acceptInvitation(page: Page, link: string, name: string, password: string) {
  // The link names the server's PUBLIC_URL; the journey's browser talks to the same server.
  await page.goto(new URL(link).pathname);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
}
