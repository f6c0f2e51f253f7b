import type { MemberRole } from '@sdp/contracts';
import { sql } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/pool.ts';
import { createCompaniesRepository } from '../modules/companies/companies.repository.ts';

export interface DemoAccount {
  email: string;
  name: string;
  role: 'ADMIN' | MemberRole;
}

export const DEMO_COMPANY_CODE = 'DEMO';

export const demoAccounts: readonly DemoAccount[] = [
  { email: 'admin@example.com', name: 'Platform Admin', role: 'ADMIN' },
  { email: 'owner@example.com', name: 'Olivia Owner', role: 'owner' },
  { email: 'owner.rvs@example.com', name: 'Oscar Owner RVS', role: 'owner_rvs' },
  { email: 'supermember@example.com', name: 'Sam Supermember', role: 'supmem' },
  { email: 'member@example.com', name: 'Mia Member', role: 'member' },
];

/**
 * Seeds the demo company and one account per role, once: a second start finds them and changes nothing,
 * so passwords changed by the user survive restarts.
 */
export async function seedDemo(db: Db, password: string): Promise<readonly DemoAccount[]> {
  await db.transaction().execute(async (trx) => {
    // Two processes starting together must not both seed.
    await sql`SELECT pg_advisory_xact_lock(727002)`.execute(trx);
    const existing = await trx
      .selectFrom('companies')
      .select('id')
      .where('initial_code', '=', DEMO_COMPANY_CODE)
      .executeTakeFirst();
    if (existing) return;
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
      const user = await trx
        .insertInto('users')
        .values({
          email: account.email,
          name: account.name,
          password_hash: passwordHash,
          platform_role: account.role === 'ADMIN' ? 'ADMIN' : 'USER',
          status: 'active',
          image_url: null,
          oidc_subject: null,
        })
        .onConflict((conflict) =>
          conflict.expression(sql`lower(email)`).doUpdateSet({ updated_at: sql<Date>`now()` }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      if (account.role !== 'ADMIN') {
        await trx
          .insertInto('memberships')
          .values({ company_id: companyId, user_id: user.id, role: account.role, status: 'active' })
          .onConflict((conflict) => conflict.columns(['company_id', 'user_id']).doNothing())
          .execute();
      }
    }
  });
  return demoAccounts;
}
