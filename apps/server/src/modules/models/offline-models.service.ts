import { withWebScheme } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { StructureRepository } from '../structure/structure.repository.ts';
import { checkActivationChange } from './models.service.ts';

interface OfflineInput {
  title: string;
  linkUrl: string;
  isActive: 'active' | 'inactive';
}

/** Offline models ('External Sources'): a title and a link to an outside application. */
export function createOfflineModelsService(deps: { structure: StructureRepository; audit: AuditRepository }) {
  const { structure, audit } = deps;

  const toResponse = (row: {
    id: string;
    equipment_tag_id: string;
    title: string;
    link_url: string;
    is_active: boolean;
  }) => ({
    id: row.id,
    equipmentTagId: row.equipment_tag_id,
    equipment_tag_id: row.equipment_tag_id,
    title: row.title,
    linkUrl: row.link_url,
    isActive: row.is_active ? ('active' as const) : ('inactive' as const),
  });

  async function load(companyId: string, id: string) {
    const row = await structure.findOffline(id);
    if (!row || row.company_id !== companyId) throw notFound('This model does not exist.');
    return row;
  }

  return {
    toResponse,
    async get(companyId: string, id: string) {
      return toResponse(await load(companyId, id));
    },

    async ofTag(companyId: string, tagId: string) {
      const tag = await structure.findItem(tagId);
      if (!tag || tag.is_disabled || tag.company_id !== companyId)
        throw notFound('This equipment does not exist.');
      return (await structure.offlineOfTag(tagId)).map(toResponse);
    },

    async create(auth: AuthContext, tagId: string | undefined, input: OfflineInput) {
      const companyId = auth.companyId as string;
      if (!tagId) throw badRequest('equipmentTagId is required.');
      const tag = await structure.findItem(tagId);
      if (!tag || tag.is_disabled || tag.company_id !== companyId || tag.item_type !== 'EquipmentTag') {
        throw notFound('This equipment does not exist.');
      }
      const id = await structure.insertOffline({
        company_id: companyId,
        equipment_tag_id: tagId,
        title: input.title,
        link_url: withWebScheme(input.linkUrl),
        is_active: input.isActive === 'active',
      });
      await audit.record({
        userId: auth.userId,
        companyId,
        action: 'create-offline-model',
        entity: 'model',
        entityId: id,
      });
      return this.get(companyId, id);
    },

    async update(auth: AuthContext, id: string, input: OfflineInput) {
      const companyId = auth.companyId as string;
      const current = await load(companyId, id);
      checkActivationChange(auth, current.is_active, input.isActive);
      await structure.updateOffline(id, {
        title: input.title,
        link_url: withWebScheme(input.linkUrl),
        is_active: input.isActive === 'active',
      });
      await audit.record({
        userId: auth.userId,
        companyId,
        action: 'update-offline-model',
        entity: 'model',
        entityId: id,
        detail: { ...input },
      });
      return this.get(companyId, id);
    },

    async remove(auth: AuthContext, id: string) {
      const companyId = auth.companyId as string;
      await load(companyId, id);
      await structure.deleteOffline(id);
      await audit.record({
        userId: auth.userId,
        companyId,
        action: 'delete-offline-model',
        entity: 'model',
        entityId: id,
      });
    },
  };
}

export type OfflineModelsService = ReturnType<typeof createOfflineModelsService>;
