import type { MemberRole } from '@sdp/contracts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/pool.ts';
import { createCompaniesRepository } from '../modules/companies/companies.repository.ts';
import { createDemoRepository } from './demo.repository.ts';

export interface DemoAccount {
  email: string;
  name: string;
  role: 'ADMIN' | MemberRole;
  /** The equipment tags (codes) assigned to a MEMBER or SUPERMEMBER: they see these, not the whole plant. */
  equipment?: readonly string[];
}

export const DEMO_COMPANY_CODE = 'DEMO';

export const demoAccounts: readonly DemoAccount[] = [
  { email: 'admin@example.com', name: 'Platform Admin', role: 'ADMIN' },
  { email: 'owner@example.com', name: 'Olivia Owner', role: 'owner' },
  { email: 'owner.rvs@example.com', name: 'Oscar Owner RVS', role: 'owner_rvs' },
  {
    email: 'supermember@example.com',
    name: 'Sam Supermember',
    role: 'supmem',
    equipment: ['P101', 'P102', 'P103', 'VSD1', 'FAN1', 'FAN2'],
  },
  { email: 'member@example.com', name: 'Mia Member', role: 'member', equipment: ['P101', 'P102'] },
];

/**
 * Seeds the demo company and one account per role, once: a second start finds them and changes nothing,
 * so passwords changed by the user survive restarts.
 */
export async function seedDemo(db: Db, password: string): Promise<readonly DemoAccount[]> {
  const demo = createDemoRepository(db);
  await db.transaction().execute(async (trx) => {
    await demo.lockSeeding(trx);
    if (await demo.companyId(DEMO_COMPANY_CODE, trx)) return;
    const passwordHash = await hashPassword(password);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const companyId = await createCompaniesRepository(trx).insert(
      {
        title: 'Demo Plant',
        description: 'A synthetic plant with transformers, motors, drives and vibration sensors.',
        image_path: null,
        initial_code: DEMO_COMPANY_CODE,
        start_date: day(0),
        end_date: day(365),
        rvs_upgrade: true,
      },
      trx,
    );
    for (const account of demoAccounts) {
      const platformRole = account.role === 'ADMIN' ? 'ADMIN' : 'USER';
      const userId = await demo.ensureAccount({ ...account, platformRole }, passwordHash, trx);
      if (account.role !== 'ADMIN') await demo.ensureMembership(companyId, userId, account.role, trx);
    }
  });
  return demoAccounts;
}
