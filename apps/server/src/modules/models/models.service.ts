import {
  type createModelPayload,
  type ModelDetail,
  type ModelSettings,
  type ModelSettingsUpdate,
  modelTypes,
} from '@sdp/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/access.ts';
import type { Db } from '../../db/pool.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { StructureRepository } from '../structure/structure.repository.ts';
import type { MasterRepository } from './master.repository.ts';
import type { ModelsRepository, OnlineModelRow } from './models.repository.ts';
import { defaultSettings, monitoredTags, readSettings, validateSettings } from './settings.ts';
import { type RecommendationRow, recommendationWorkbook } from './workbooks.ts';

/** The stored document with each section the update sends (and each field of its `model_in`) put in its place. */
export function mergeSettings(
  stored: ModelSettings,
  update: ModelSettingsUpdate,
  model: { title: string; is_active: boolean },
): ModelSettings {
  const { model_in: modelIn, ...sections } = update;
  const sent = Object.fromEntries(Object.entries(sections).filter(([, value]) => value !== undefined));
  return {
    ...stored,
    ...sent,
    model_in: {
      title: modelIn?.title ?? model.title,
      isActive: modelIn?.isActive ?? (model.is_active ? 'active' : 'inactive'),
      isRVSRealtimeReport: modelIn?.isRVSRealtimeReport ?? stored.model_in.isRVSRealtimeReport,
    },
  };
}

/** Spec 02 §6: OWNER_RVS creates RVS models (type 5) only. */
const RVS = 5;

type CreatePayload = z.output<typeof createModelPayload>;

export const ACTIVATION_REFUSED =
  'Only those who manage data models (ADMIN, OWNER_RVS) can make a model active or inactive.';

/** Editing a model (ConfigDataModelInfo) leaves its active flag alone: changing it needs ManageDataModel. */
export function checkActivationChange(
  auth: AuthContext,
  wasActive: boolean,
  isActive: 'active' | 'inactive',
) {
  if ((isActive === 'active') !== wasActive && !auth.permissions.has('ManageDataModel'))
    throw forbidden(ACTIVATION_REFUSED);
}

export function createModelsService(deps: {
  db: Db;
  models: ModelsRepository;
  structure: StructureRepository;
  master: MasterRepository;
  audit: AuditRepository;
}) {
  const { db, models, structure, master, audit } = deps;

  async function loadTag(companyId: string, tagId: string, executor: Db = db) {
    const tag = await structure.findItem(tagId, executor);
    if (!tag || tag.is_disabled || tag.company_id !== companyId || tag.item_type !== 'EquipmentTag') {
      throw notFound('This equipment does not exist.');
    }
    return tag;
  }

  async function load(companyId: string, id: string, auth: AuthContext): Promise<OnlineModelRow> {
    const model = await models.find(id);
    if (!model || model.company_id !== companyId || model.tag_disabled)
      throw notFound('This model does not exist.');
    if (!model.is_active && auth.platformRole !== 'ADMIN' && !auth.permissions.has('ConfigDataModelInfo')) {
      throw notFound('This model does not exist.');
    }
    return model;
  }

  async function detail(model: OnlineModelRow): Promise<ModelDetail> {
    const [settings, configurations] = await Promise.all([
      models.settings(model.id),
      models.configurations(model.id),
    ]);
    const document = readSettings(settings?.document, model.title);
    const type = modelTypes.find((candidate) => candidate.id === model.model_type_id);
    return {
      id: model.id,
      modelCode: model.code,
      modelName: model.title,
      title: model.title,
      equipmentId: model.equipment_tag_id,
      equipmentTagId: model.equipment_tag_id,
      modelTypeId: model.model_type_id,
      equipmentModelTypeId: model.model_type_id,
      equipmentModelType: { id: model.model_type_id, title: type?.title ?? '' },
      isActive: model.is_active ? 'active' : 'inactive',
      status: model.is_active ? model.status : -2,
      equipmentCode: { code: model.tag_code },
      companyId: model.company_id,
      recommendationFileName: model.recommendation_file_name,
      equipmentModelConfiguration: configurations.map((row) => ({
        id: row.id,
        itemId: row.item_id,
        title: row.title,
        tagCode: row.tag_code,
        value: row.value,
        unitCode: row.unit_code,
        selected: row.selected,
        modelTypeConfiguration: { id: row.item_id, title: row.title, unitCode: row.unit_code },
      })),
      settings: {
        ...document,
        model_in: {
          ...document.model_in,
          title: model.title,
          isActive: model.is_active ? 'active' : 'inactive',
        },
      },
      updatedAt: (settings?.updated_at ?? model.updated_at).toISOString(),
    };
  }

  return {
    load,
    detail,

    async get(auth: AuthContext, id: string): Promise<ModelDetail> {
      return detail(await load(auth.companyId as string, id, auth));
    },

    async listOfTag(companyId: string, tagId: string, auth: AuthContext) {
      await loadTag(companyId, tagId);
      const rows = await models.listOfTag(tagId);
      return rows
        .filter((row) => row.is_active || auth.platformRole === 'ADMIN')
        .map((row) => ({
          id: row.id,
          title: row.title,
          modelCode: row.code,
          equipmentModelTypeId: row.model_type_id,
          isActive: row.is_active ? ('active' as const) : ('inactive' as const),
          status: row.is_active ? row.status : -2,
        }));
    },

    /** Creates the model with a complete default configuration, overridden by whatever sections the payload carries. */
    async create(auth: AuthContext, input: CreatePayload) {
      const companyId = auth.companyId as string;
      if (auth.companyRole === 'owner_rvs' && input.model_in.equipmentModelTypeId !== RVS) {
        throw badRequest('An OWNER_RVS creates RVS models (type 5) only.');
      }
      const typeId = input.model_in.equipmentModelTypeId;
      const type = modelTypes.find((candidate) => candidate.id === typeId);
      if (!type) throw badRequest('Unknown model type.');
      const data = await master.get();
      const { equipment_tag_id: _tag, model_in, ...sections } = input;
      const settings: ModelSettings = {
        ...defaultSettings(typeId, model_in.title, data),
        ...Object.fromEntries(Object.entries(sections).filter(([, value]) => value !== undefined)),
        model_in: {
          title: model_in.title,
          isActive: model_in.isActive,
          isRVSRealtimeReport: model_in.isRVSRealtimeReport,
        },
      };
      validateSettings(typeId, settings, data);
      const items = data.configurationItems.filter((item) => item.model_type_id === typeId);
      return db.transaction().execute(async (trx) => {
        await structure.lockCompany(companyId, trx);
        const tag = await loadTag(companyId, input.equipment_tag_id, trx);
        const code = await models.nextCode(companyId, `${tag.title}-${type.short}`, trx);
        const id = await models.insert(
          {
            company_id: companyId,
            equipment_tag_id: tag.id,
            model_type_id: typeId,
            title: model_in.title,
            code,
            is_active: model_in.isActive === 'active',
          },
          trx,
        );
        await models.saveSettings(id, settings, trx);
        await models.insertConfigurations(
          id,
          items.map((item) => ({
            item_id: item.id,
            value: item.default_value,
            selected: settings.configuration_in.includes(item.id),
          })),
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

    /**
     * Saves the update form, validated, in one transaction: all or nothing. Sections merge one by one into the stored document (a section left out keeps what is
     * stored), so a client that sends one section does not wipe the others; the merged document is validated whole.
     */
    async update(auth: AuthContext, id: string, update: ModelSettingsUpdate): Promise<ModelDetail> {
      const model = await load(auth.companyId as string, id, auth);
      const data = await master.get();
      await db.transaction().execute(async (trx) => {
        const stored = readSettings((await models.settings(id, trx, true))?.document, model.title);
        const form = mergeSettings(stored, update, model);
        checkActivationChange(auth, model.is_active, form.model_in.isActive);
        validateSettings(model.model_type_id, form, data);
        await models.update(
          id,
          { title: form.model_in.title, is_active: form.model_in.isActive === 'active' },
          trx,
        );
        await models.saveSettings(id, form, trx);
        await models.selectConfigurations(id, form.configuration_in, trx);
        await audit.record(
          {
            userId: auth.userId,
            companyId: model.company_id,
            action: 'update-model',
            entity: 'model',
            entityId: id,
          },
          trx,
        );
      });
      return detail(await load(model.company_id, id, auth));
    },

    async saveRecommendations(
      auth: AuthContext,
      model: OnlineModelRow,
      file: { url: string; name: string },
      rows: RecommendationRow[],
    ) {
      await db.transaction().execute(async (trx) => {
        await models.setRecommendations(model.id, file, rows, trx);
        await audit.record(
          {
            userId: auth.userId,
            companyId: model.company_id,
            action: 'upload-recommendation',
            entity: 'model',
            entityId: model.id,
            detail: { file: file.name, rows: rows.length },
          },
          trx,
        );
      });
    },

    async recommendationWorkbook(model: ModelDetail): Promise<Buffer> {
      const [rows, data] = await Promise.all([models.recommendations(model.id), master.get()]);
      return recommendationWorkbook(monitoredTags(model.settings, data), rows);
    },

    async setConfigurationValue(auth: AuthContext, configurationId: number, value: string) {
      await models.setConfigurationValue(configurationId, value);
      await audit.record({
        userId: auth.userId,
        companyId: auth.companyId,
        action: 'update-configuration',
        entity: 'model-configuration',
        entityId: String(configurationId),
        detail: { value },
      });
      return { message: 'success' };
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
