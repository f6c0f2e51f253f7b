import { randomBytes } from 'node:crypto';
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
  modelSettingsInput,
  motorDataRow,
  offlineModel,
  offlineModelRequest,
  uuid,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import { HttpError } from '../../lib/http-error.ts';
import { errorResponses, idParams } from '../../lib/route-schemas.ts';
import type { FileStorage } from '../../storage/storage.ts';
import type { StructureRepository } from '../structure/structure.repository.ts';
import type { MasterRepository } from './master.repository.ts';
import { exportModelWorkbook, FILE_REQUIRED, parseRecommendationWorkbook } from './model-files.ts';
import type { ModelsRepository } from './models.repository.ts';
import type { ModelsService } from './models.service.ts';
import type { OfflineModelsService } from './offline-models.service.ts';

interface Options {
  service: ModelsService;
  offline: OfflineModelsService;
  models: ModelsRepository;
  structure: StructureRepository;
  master: MasterRepository;
  storage: FileStorage;
  maxBytes: number;
}

const typeQuery = z.object({ equipment_type: z.coerce.number().int().min(1).max(5).optional() });
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
  const signedIn = { access: access.signedIn() };
  const viewModel = {
    access: access.company('ViewCompany', (request) => companyOfModel(params(request).id)),
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
      config: {
        access: access.company('ViewCompany', (request) =>
          companyOfTag((request.query as { equipment_tag_id?: string }).equipment_tag_id),
        ),
      },
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
        summary: 'Save the whole update form of a model (validated, all or nothing)',
        params: idParams,
        body: modelSettingsInput,
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

  app.get(
    '/equipment-models/alarm-management/master',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: "Default 'X out of Y' persistence per model type",
        response: {
          200: z.array(
            z.object({
              equipmentModelTypeId: z.number().int(),
              persistence_from: z.number().int(),
              persistence_to: z.number().int(),
            }),
          ),
        },
      },
    },
    async () =>
      (await master.get()).persistence.map((row) => ({
        equipmentModelTypeId: row.model_type_id,
        persistence_from: row.persistence_from,
        persistence_to: row.persistence_to,
      })),
  );

  app.get(
    '/equipments/model-types/:id/configuration-informations',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Configuration information items of a model type',
        params: z.object({ id: z.coerce.number().int().min(1).max(5) }),
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              title: z.string(),
              tagCode: z.string(),
              unitCode: z.string(),
              defaultValue: z.string(),
            }),
          ),
        },
      },
    },
    async (request) =>
      (await master.get()).configurationItems
        .filter((item) => item.model_type_id === request.params.id)
        .map((item) => ({
          id: item.id,
          title: item.title,
          tagCode: item.tag_code,
          unitCode: item.unit_code,
          defaultValue: item.default_value,
        })),
  );

  const sensorType = z.object({
    id: z.number().int(),
    name: z.string(),
    tagCode: z.string(),
    unit: z.string(),
    sensorGroupId: z.number().int(),
    equipmentModelTypeId: z.number().int(),
    warning: z.number().nullable(),
    alarm: z.number().nullable(),
    direction: z.enum(['high', 'low']),
  });
  const toSensorType = (row: Awaited<ReturnType<MasterRepository['get']>>['sensorTypes'][number]) => ({
    id: row.id,
    name: row.name,
    tagCode: row.tag_code,
    unit: row.unit,
    sensorGroupId: row.group_id,
    equipmentModelTypeId: row.model_type_id,
    warning: row.default_warning,
    alarm: row.default_alarm,
    direction: row.direction,
  });
  const group = z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    equipmentModelTypeId: z.number().int(),
  });

  app.get(
    '/alarm-limit-group/all',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Alarm limit groups (of one type with ?equipment_type)',
        querystring: typeQuery,
        response: { 200: z.array(group) },
      },
    },
    async (request) =>
      (await master.get()).groups
        .filter((row) => !request.query.equipment_type || row.model_type_id === request.query.equipment_type)
        .map((row) => ({
          id: row.id,
          name: row.name,
          code: row.code,
          equipmentModelTypeId: row.model_type_id,
        })),
  );

  app.get(
    '/alarm-limit-group/:id/sensor-type',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Sensor types of an alarm limit group, with default limits',
        params: z.object({ id: z.coerce.number().int() }),
        response: { 200: z.array(sensorType) },
      },
    },
    async (request) =>
      (await master.get()).sensorTypes.filter((row) => row.group_id === request.params.id).map(toSensorType),
  );

  app.get(
    '/equipment-models/alarm-limit-group_master/all',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary:
          'Alarm limit master form: the groups of a model type, each with its sensor types and default limits',
        querystring: typeQuery,
        response: { 200: z.array(group.extend({ sensorTypes: z.array(sensorType) })) },
      },
    },
    async (request) => {
      const data = await master.get();
      return data.groups
        .filter((row) => !request.query.equipment_type || row.model_type_id === request.query.equipment_type)
        .map((row) => ({
          id: row.id,
          name: row.name,
          code: row.code,
          equipmentModelTypeId: row.model_type_id,
          sensorTypes: data.sensorTypes.filter((sensor) => sensor.group_id === row.id).map(toSensorType),
        }));
    },
  );

  app.get(
    '/vsd-sensor-types',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary:
          "VSD sensor types (filter 'vsdtag' for the VSD tag table, 'rul' for remaining life, 'trend' for trend signals)",
        querystring: z.object({ filter: z.enum(['vsdtag', 'rul', 'trend']).optional() }),
        response: { 200: z.array(sensorType) },
      },
    },
    async (request) => {
      const data = await master.get();
      const code = { vsdtag: 'vsd', rul: 'rul', trend: 'trend' }[request.query.filter ?? 'vsdtag'];
      const ids = new Set(
        data.groups
          .filter((row) => row.model_type_id === 3 && (!request.query.filter || row.code === code))
          .map((row) => row.id),
      );
      return data.sensorTypes.filter((row) => ids.has(row.group_id)).map(toSensorType);
    },
  );

  app.get(
    '/vsd-brands',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Drive brands',
        response: { 200: z.array(z.object({ id: z.number().int(), name: z.string() })) },
      },
    },
    async () => (await master.get()).brands,
  );

  app.get(
    '/vsd-brands/:id/models',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Drive models of a brand with DC-link capacitor rated life L0 at T0 and fan L10 life',
        params: z.object({ id: z.coerce.number().int() }),
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              brandId: z.number().int(),
              name: z.string(),
              capacitorL0Hours: z.number(),
              capacitorT0C: z.number(),
              fanL10Hours: z.number(),
              fanT0C: z.number(),
            }),
          ),
        },
      },
    },
    async (request) =>
      (await master.get()).vsdModels
        .filter((row) => row.brand_id === request.params.id)
        .map((row) => ({
          id: row.id,
          brandId: row.brand_id,
          name: row.name,
          capacitorL0Hours: row.capacitor_l0_hours,
          capacitorT0C: row.capacitor_t0_c,
          fanL10Hours: row.fan_l10_hours,
          fanT0C: row.fan_t0_c,
        })),
  );

  app.get(
    '/health-monitoring/tabs',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Health monitoring sensor types: the secondary tabs of a model type',
        querystring: typeQuery,
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              key: z.string(),
              name: z.string(),
              groupCode: z.string(),
              equipmentModelTypeId: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) =>
      (await master.get()).tabs
        .filter((row) => !request.query.equipment_type || row.model_type_id === request.query.equipment_type)
        .map((row) => ({
          id: row.id,
          key: row.key,
          name: row.name,
          groupCode: row.group_code,
          equipmentModelTypeId: row.model_type_id,
        })),
  );

  const named = z.array(z.object({ id: z.number().int(), name: z.string() }));
  app.get(
    '/sensor-points',
    { config: signedIn, schema: { tags: ['lookups'], summary: 'Sensor points', response: { 200: named } } },
    async () => (await master.get()).sensorPoints,
  );
  app.get(
    '/machine-templates',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Machine templates',
        response: {
          200: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string() })),
        },
      },
    },
    async () => (await master.get()).machineTemplates,
  );
  app.get(
    '/bearings',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary:
          'Bearing catalogue: rolling elements, ball and pitch diameters (mm), contact angle (degrees)',
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              designation: z.string(),
              rollingElements: z.number().int(),
              ballDiameterMm: z.number(),
              pitchDiameterMm: z.number(),
              contactAngleDeg: z.number(),
            }),
          ),
        },
      },
    },
    async () =>
      (await master.get()).bearings.map((row) => ({
        id: row.id,
        designation: row.designation,
        rollingElements: row.rolling_elements,
        ballDiameterMm: row.ball_diameter_mm,
        pitchDiameterMm: row.pitch_diameter_mm,
        contactAngleDeg: row.contact_angle_deg,
      })),
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
          throw new HttpError(413, 'The file is too large.');
        throw error;
      }
      const rows = await parseRecommendationWorkbook(bytes);
      const name = `${model.code}-recommendation-${randomBytes(4).toString('hex')}.xlsx`;
      const url = await storage.put('recommendations', name, bytes);
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
      config: {
        access: access.company('ViewCompany', (request) =>
          companyOfTag((request.query as { equipment_tag_id?: string }).equipment_tag_id),
        ),
      },
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
      config: { access: access.company('ViewCompany', (request) => companyOfOffline(params(request).id)) },
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
