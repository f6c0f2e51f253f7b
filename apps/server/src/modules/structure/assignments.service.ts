import type { AuthContext } from '../../auth/access.ts';
import type { Db } from '../../db/pool.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { StructureRepository } from './structure.repository.ts';

/** Who is assigned to an equipment tag: they receive its notifications, and members see only their tags. */
export function createAssignmentsService(deps: {
  db: Db;
  repository: StructureRepository;
  audit: AuditRepository;
}) {
  const { db, repository, audit } = deps;

  async function loadTag(companyId: string, tagId: string) {
    const tag = await repository.findItem(tagId);
    if (!tag || tag.is_disabled || tag.company_id !== companyId || tag.item_type !== 'EquipmentTag') {
      throw notFound('This equipment does not exist.');
    }
    return tag;
  }

  return {
    async page(companyId: string, tagId: string, page: number, size: number) {
      await loadTag(companyId, tagId);
      const { items, total } = await repository.assignedPage(tagId, (page - 1) * size, size);
      return { items, total, page, size };
    },

    /** All or nothing: every user named must be a member of the tag's company. */
    async apply(
      auth: AuthContext,
      tagId: string,
      options: { id: string; is_create: boolean; is_delete: boolean }[],
    ) {
      const companyId = auth.companyId as string;
      await loadTag(companyId, tagId);
      await db.transaction().execute(async (trx) => {
        const ids = options.map((option) => option.id);
        const members = await repository.membersOfCompany(companyId, ids, trx);
        const strangers = ids.filter((id) => !members.has(id));
        if (strangers.length) throw badRequest(`Not members of this company: ${strangers.join(', ')}`);
        await repository.assign(
          tagId,
          options.filter((o) => o.is_create).map((o) => o.id),
          trx,
        );
        await repository.unassign(
          tagId,
          options.filter((o) => o.is_delete).map((o) => o.id),
          trx,
        );
        await audit.record(
          {
            userId: auth.userId,
            companyId,
            action: 'assign-members',
            entity: 'equipment-tag',
            entityId: tagId,
            detail: { options },
          },
          trx,
        );
      });
    },
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
