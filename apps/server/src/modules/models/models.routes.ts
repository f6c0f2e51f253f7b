import fastifyMultipart from '@fastify/multipart';
import {
  alarmManagement,
  configurationValueRequest,
  createdId,
  createModelPayload,
  createOfflineModelRequest,
  errorResponse,
  locusRow,
  messageResponse,
  modelDetail,
  modelSettingsUpdate,
  motorDataRow,
  offlineModel,
  offlineModelRequest,
  uuid,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { HttpError } from '../../lib/http-error.ts';
import { errorResponses, idParams } from '../../lib/route-schemas.ts';
import { byteLimit } from '../../storage/storage.ts';
import type { FileStore } from '../files/files.service.ts';
import type { StructureRepository } from '../structure/structure.repository.ts';
import type { MasterRepository } from './master.repository.ts';
import type { ModelsRepository } from './models.repository.ts';
import type { ModelsService } from './models.service.ts';
import type { OfflineModelsService } from './offline-models.service.ts';
import { exportModelWorkbook, FILE_REQUIRED, parseRecommendationWorkbook } from './workbooks.ts';

interface Options {
  service: ModelsService;
  offline: OfflineModelsService;
  models: ModelsRepository;
  structure: StructureRepository;
  master: MasterRepository;
  storage: FileStore;
  maxBytes: number;
  visibility: EquipmentVisibility;
}

const modelListItem = z.object({
  id: uuid,
  title: z.string(),
  modelCode: z.string(),
  equipmentModelTypeId: z.number().int(),
  isActive: z.enum(['active', 'inactive']),
  status: z.number().int(),
});
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const modelsRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { service, offline, models, structure, master, storage } = options;
  await app.register(fastifyMultipart, { limits: { fileSize: options.maxBytes, files: 1, fields: 5 } });
  const params = (request: { params: unknown }) => request.params as { id: string };
  const body = (request: { body: unknown }) => (request.body ?? {}) as Record<string, string>;
  const companyOfModel = async (id: string) => (await models.find(id))?.company_id;
  const companyOfOffline = async (id: string) => (await structure.findOffline(id))?.company_id;
  const companyOfTag = async (id: string | undefined) => {
    if (!id) return null;
    const tag = await structure.findItem(id);
    return tag && !tag.is_disabled ? tag.company_id : null;
  };
  const companyOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).companyId as string;
  const { visibility } = options;
  // Reads are held to who sees which equipment: a model, offline link or tag not assigned to a member is 404.
  const viewModel = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel(params(request).id, session.userId),
    ),
  };
  const viewTagOfQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofTag((request.query as { equipment_tag_id?: string }).equipment_tag_id, session.userId),
    ),
  };
  const configureModel = {
    access: access.company('ConfigDataModelInfo', (request) => companyOfModel(params(request).id)),
  };

  app.post(
    '/equipment-models',
    {
      config: {
        access: access.company('ManageDataModel', (request) => companyOfTag(body(request).equipment_tag_id)),
      },
      schema: {
        tags: ['models'],
        summary:
          'Create an online model with its configuration (sections not given get the defaults of the type); answers its id',
        body: createModelPayload,
        response: { 201: createdId, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    '/equipment-models',
    {
      config: viewTagOfQuery,
      schema: {
        tags: ['models'],
        summary: 'Online models of an equipment tag',
        querystring: z.object({ equipment_tag_id: uuid }),
        response: { 200: z.array(modelListItem), ...errorResponses },
      },
    },
    (request) => service.listOfTag(companyOf(request), request.query.equipment_tag_id, requireAuth(request)),
  );

  app.get(
    '/equipment-models/:id',
    {
      config: viewModel,
      schema: {
        tags: ['models'],
        summary: 'One online model with its whole configuration',
        params: idParams,
        response: { 200: modelDetail, ...errorResponses },
      },
    },
    (request) => service.get(requireAuth(request), request.params.id),
  );

  app.put(
    '/equipment-models/:id',
    {
      config: configureModel,
      schema: {
        tags: ['models'],
        summary:
          'Save the update form of a model (validated, all or nothing). Sections merge one by one: a section sent replaces that section, one left out keeps what is stored',
        params: idParams,
        body: modelSettingsUpdate,
        response: { 200: modelDetail, ...errorResponses },
      },
    },
    (request) => service.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/equipment-models/:id',
    {
      config: { access: access.company('ManageDataModel', (request) => companyOfModel(params(request).id)) },
      schema: {
        tags: ['models'],
        summary: "'Inactive': deactivate an online model (soft; its data stays)",
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.deactivate(requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/equipment-models/:id/motor-data',
    {
      config: viewModel,
      schema: {
        tags: ['models'],
        summary: 'Motor data of an MCA or VCA model',
        params: idParams,
        response: { 200: z.object({ items: z.array(motorDataRow) }), ...errorResponses },
      },
    },
    async (request) => ({
      items: (await service.get(requireAuth(request), request.params.id)).settings.motor_data_in,
    }),
  );

  app.get(
    '/equipment-models/:id/v_and_i_locus',
    {
      config: viewModel,
      schema: {
        tags: ['models'],
        summary: 'V–I locus reference rows of a transformer model',
        params: idParams,
        response: { 200: z.object({ items: z.array(locusRow) }), ...errorResponses },
      },
    },
    async (request) => ({
      items: (await service.get(requireAuth(request), request.params.id)).settings.v_and_i_locus_in,
    }),
  );

  app.get(
    '/equipment-models/alarm-management/persistence/:id',
    {
      config: viewModel,
      schema: {
        tags: ['models'],
        summary: "A model's 'X out of Y' persistence",
        params: idParams,
        response: { 200: alarmManagement, ...errorResponses },
      },
    },
    async (request) => {
      const model = await service.get(requireAuth(request), request.params.id);
      const data = await master.get();
      const fallback = data.persistence.find((row) => row.model_type_id === model.modelTypeId);
      return (
        model.settings.alarm_management ?? {
          persistence_from: fallback?.persistence_from ?? 3,
          persistence_to: fallback?.persistence_to ?? 5,
        }
      );
    },
  );

  app.patch(
    '/equipment-model-configurations/:id',
    {
      config: {
        access: access.company(
          'ConfigDataModelInfo',
          async (request) => (await models.findConfiguration(Number(params(request).id)))?.company_id,
        ),
      },
      schema: {
        tags: ['models'],
        summary: 'Edit one configuration information value',
        params: z.object({ id: z.coerce.number().int() }),
        body: configurationValueRequest,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    (request) => service.setConfigurationValue(requireAuth(request), request.params.id, request.body.value),
  );

  app.get(
    '/equipment-models/:id/export',
    {
      config: viewModel,
      schema: {
        tags: ['models'],
        summary: 'The whole configuration as an Excel workbook',
        params: idParams,
        querystring: z.object({ modelCode: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const model = await service.get(requireAuth(request), request.params.id);
      const file = await exportModelWorkbook(model, await master.get());
      return reply
        .type(xlsx)
        .header('content-disposition', `attachment; filename="${model.modelCode}-configuration.xlsx"`)
        .send(file);
    },
  );

  app.post(
    '/equipment-models/:id/recommendation',
    {
      config: configureModel,
      schema: {
        tags: ['models'],
        summary:
          'Upload the recommendation message workbook (multipart field recommendation_msg_file, .xlsx)',
        params: idParams,
        querystring: z.object({ modelCode: z.string().optional() }),
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ message: z.string(), rows: z.number().int() }),
          ...errorResponses,
          413: errorResponse,
          415: errorResponse,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const model = await service.load(auth.companyId as string, request.params.id, auth);
      if (!request.isMultipart()) throw new HttpError(400, FILE_REQUIRED);
      const file = await request.file();
      if (file?.fieldname !== 'recommendation_msg_file') throw new HttpError(400, FILE_REQUIRED);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, `The file is larger than the limit of ${byteLimit(options.maxBytes)}.`);
        throw error;
      }
      const rows = await parseRecommendationWorkbook(bytes);
      const url = await storage.save({
        kind: 'recommendations',
        originalName: `${model.code}-recommendation`,
        type: 'xlsx',
        bytes,
        companyId: model.company_id,
        uploadedBy: auth.userId,
      });
      await service.saveRecommendations(auth, model, { url, name: file.filename }, rows);
      return { message: 'success', rows: rows.length };
    },
  );

  app.get(
    '/equipment-models/:id/recommendation',
    {
      config: viewModel,
      schema: {
        tags: ['models'],
        summary:
          'Download the recommendation workbook (the current messages, or a template with every monitored tag)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const model = await service.get(requireAuth(request), request.params.id);
      const file = await service.recommendationWorkbook(model);
      return reply
        .type(xlsx)
        .header('content-disposition', `attachment; filename="${model.modelCode}-recommendation.xlsx"`)
        .send(file);
    },
  );

  app.post(
    '/equipment-model-offlines',
    {
      config: {
        access: access.company('ManageDataModel', (request) =>
          companyOfTag(body(request).equipmentTagId ?? body(request).equipment_tag_id),
        ),
      },
      schema: {
        tags: ['models'],
        summary: 'Create an offline model (a link to an outside application)',
        body: createOfflineModelRequest,
        response: { 201: offlineModel, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { equipmentTagId, equipment_tag_id, ...input } = request.body;
      return reply
        .code(201)
        .send(await offline.create(requireAuth(request), equipmentTagId ?? equipment_tag_id, input));
    },
  );

  app.get(
    '/equipment-model-offlines',
    {
      config: viewTagOfQuery,
      schema: {
        tags: ['models'],
        summary: 'Offline models of an equipment tag',
        querystring: z.object({ equipment_tag_id: uuid }),
        response: { 200: z.array(offlineModel), ...errorResponses },
      },
    },
    (request) => offline.ofTag(companyOf(request), request.query.equipment_tag_id),
  );

  app.get(
    '/equipment-model-offlines/:id',
    {
      config: {
        access: access.equipment('ViewCompany', (request, session) =>
          visibility.ofOffline(params(request).id, session.userId),
        ),
      },
      schema: {
        tags: ['models'],
        summary: 'One offline model',
        params: idParams,
        response: { 200: offlineModel, ...errorResponses },
      },
    },
    (request) => offline.get(companyOf(request), request.params.id),
  );

  app.put(
    '/equipment-model-offlines/:id',
    {
      config: {
        access: access.company('ConfigDataModelInfo', (request) => companyOfOffline(params(request).id)),
      },
      schema: {
        tags: ['models'],
        summary: 'Edit an offline model (title, link, active)',
        params: idParams,
        body: offlineModelRequest,
        response: { 200: offlineModel, ...errorResponses },
      },
    },
    (request) => offline.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/equipment-model-offlines/:id',
    {
      config: {
        access: access.company('ManageDataModel', (request) => companyOfOffline(params(request).id)),
      },
      schema: {
        tags: ['models'],
        summary: 'Delete an offline model',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await offline.remove(requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
