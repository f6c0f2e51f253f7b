import type { Company, CompanyList, companyPayload } from '@sdp/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/access.ts';
import type { Db } from '../../db/pool.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { toCompany } from './companies.mapper.ts';
import type { CompaniesRepository, DeletedFilter } from './companies.repository.ts';

type Payload = z.output<typeof companyPayload>;

export function createCompaniesService(deps: {
  db: Db;
  companies: CompaniesRepository;
  audit: AuditRepository;
}) {
  const { db, companies, audit } = deps;

  const codeTakenMessage = (code: string) => `The initial code ${code} is already used by another company.`;

  async function load(id: string, executor: Db = db) {
    const row = await companies.find(id, executor);
    if (!row) throw notFound('Company not found.');
    return row;
  }

  return {
    /** ADMIN sees every company (and the deleted ones on request); anybody else the companies they are active in. */
    async list(auth: AuthContext, filter: DeletedFilter): Promise<CompanyList> {
      const isAdmin = auth.platformRole === 'ADMIN';
      const rows = await companies.list(isAdmin ? filter : 'exclude', isAdmin ? undefined : auth.userId);
      return { items: rows.map(toCompany), total: rows.length };
    },

    async get(id: string): Promise<Company> {
      const row = await load(id);
      if (row.deleted_at) throw notFound('Company not found.');
      return toCompany(row);
    },

    async create(auth: AuthContext, payload: Payload): Promise<Company> {
      if (await companies.codeTaken(payload.initial_code))
        throw conflict(codeTakenMessage(payload.initial_code));
      const id = await db.transaction().execute(async (trx) => {
        const created = await companies.insert(payload, trx);
        await audit.record(
          {
            userId: auth.userId,
            companyId: created,
            action: 'create',
            entity: 'company',
            entityId: created,
            detail: payload,
          },
          trx,
        );
        return created;
      });
      return toCompany(await load(id));
    },

    async update(auth: AuthContext, id: string, payload: Payload): Promise<Company> {
      await db.transaction().execute(async (trx) => {
        const current = await companies.lock(id, trx);
        if (!current || current.deleted_at) throw notFound('Company not found.');
        if (payload.initial_code !== current.initial_code)
          throw badRequest('The initial code cannot be changed.');
        const { initial_code: _code, ...values } = payload;
        await companies.update(id, values, trx);
        await audit.record(
          {
            userId: auth.userId,
            companyId: id,
            action: 'update',
            entity: 'company',
            entityId: id,
            detail: values,
          },
          trx,
        );
      });
      return toCompany(await load(id));
    },

    async setRetention(auth: AuthContext, id: string, days: number): Promise<Company> {
      await db.transaction().execute(async (trx) => {
        const current = await companies.lock(id, trx);
        if (!current || current.deleted_at) throw notFound('Company not found.');
        await companies.setRetention(id, days, trx);
        await audit.record(
          {
            userId: auth.userId,
            companyId: id,
            action: 'set-retention',
            entity: 'company',
            entityId: id,
            detail: { days },
          },
          trx,
        );
      });
      return toCompany(await load(id));
    },

    /** Soft delete: members lose the company at once (every access check skips deleted companies); ADMIN can restore it. */
    async setDeleted(auth: AuthContext, id: string, deleted: boolean): Promise<Company> {
      await db.transaction().execute(async (trx) => {
        const current = await companies.lock(id, trx);
        if (!current) throw notFound('Company not found.');
        if (Boolean(current.deleted_at) === deleted) {
          throw conflict(deleted ? 'The company is already deleted.' : 'The company is not deleted.');
        }
        await companies.setDeleted(id, deleted, trx);
        await audit.record(
          {
            userId: auth.userId,
            companyId: id,
            action: deleted ? 'delete' : 'restore',
            entity: 'company',
            entityId: id,
          },
          trx,
        );
      });
      return toCompany(await load(id));
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
