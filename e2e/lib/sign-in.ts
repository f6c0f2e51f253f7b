import type { Page } from 'playwright-core';

/** Password of every account the demo seed creates. */
export const DEMO_PASSWORD = 'demo1234';

export const demoAccounts = {
  admin: 'admin@example.com',
  owner: 'owner@example.com',
  ownerRvs: 'owner.rvs@example.com',
  supermember: 'supermember@example.com',
  member: 'member@example.com',
} as const;

/** Opens the sign-in page and signs in the way a person does: by the labelled fields and the button. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
