import { modelTypes } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import type { Db } from '../../db/pool.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { StructureRepository } from '../structure/structure.repository.ts';
import type { ModelsRepository, OnlineModelRow } from './models.repository.ts';

/** Spec 02 §6: OWNER_RVS creates RVS models (type 5) only. */
const RVS = 5;

export function createModelsService(deps: {
  db: Db;
  models: ModelsRepository;
  structure: StructureRepository;
  audit: AuditRepository;
}) {
  const { db, models, structure, audit } = deps;

  async function loadTag(companyId: string, tagId: string, executor: Db = db) {
    const tag = await structure.findItem(tagId, executor);
    if (!tag || tag.is_disabled || tag.company_id !== companyId || tag.item_type !== 'EquipmentTag') {
      throw notFound('This equipment does not exist.');
    }
    return tag;
  }

  return {
    async get(companyId: string, id: string, auth: AuthContext): Promise<OnlineModelRow> {
      const model = await models.find(id);
      if (!model || model.company_id !== companyId || model.tag_disabled)
        throw notFound('This model does not exist.');
      if (!model.is_active && auth.platformRole !== 'ADMIN') throw notFound('This model does not exist.');
      return model;
    },

    async create(
      auth: AuthContext,
      input: {
        equipment_tag_id: string;
        model_in: { title: string; isActive: 'active' | 'inactive'; equipmentModelTypeId: number };
      },
    ) {
      const companyId = auth.companyId as string;
      const typeId = auth.companyRole === 'owner_rvs' ? RVS : input.model_in.equipmentModelTypeId;
      if (auth.companyRole === 'owner_rvs' && input.model_in.equipmentModelTypeId !== RVS) {
        throw badRequest('An OWNER_RVS creates RVS models (type 5) only.');
      }
      const type = modelTypes.find((candidate) => candidate.id === typeId);
      if (!type) throw badRequest('Unknown model type.');
      return db.transaction().execute(async (trx) => {
        await structure.lockCompany(companyId, trx);
        const tag = await loadTag(companyId, input.equipment_tag_id, trx);
        const code = await models.nextCode(companyId, `${tag.title}-${type.short}`, trx);
        const id = await models.insert(
          {
            company_id: companyId,
            equipment_tag_id: tag.id,
            model_type_id: typeId,
            title: input.model_in.title,
            code,
            is_active: input.model_in.isActive === 'active',
          },
          trx,
        );
        await audit.record(
          {
            userId: auth.userId,
            companyId,
            action: 'create-model',
            entity: 'model',
            entityId: id,
            detail: { code, typeId },
          },
          trx,
        );
        return { id };
      });
    },

    /** 'Inactive' (spec 01 §4): a soft deactivation; the model and its data stay. */
    async deactivate(auth: AuthContext, id: string) {
      const model = await models.find(id);
      if (!model || model.company_id !== auth.companyId) throw notFound('This model does not exist.');
      if (!model.is_active) throw conflict('This model is already inactive.');
      await db.transaction().execute(async (trx) => {
        await models.setActive(id, false, trx);
        await audit.record(
          {
            userId: auth.userId,
            companyId: model.company_id,
            action: 'deactivate-model',
            entity: 'model',
            entityId: id,
          },
          trx,
        );
      });
    },
  };
}

export type ModelsService = ReturnType<typeof createModelsService>;
