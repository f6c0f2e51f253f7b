import {
  createdId,
  createModelRequest,
  createOfflineModelRequest,
  errorResponse,
  offlineModel,
  offlineModelRequest,
  uuid,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { StructureRepository } from '../structure/structure.repository.ts';
import type { ModelsRepository } from './models.repository.ts';
import type { ModelsService } from './models.service.ts';
import type { OfflineModelsService } from './offline-models.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const idParams = z.object({ id: uuid });

export const modelSummary = z.object({
  id: uuid,
  modelCode: z.string(),
  modelName: z.string(),
  title: z.string(),
  equipmentId: uuid,
  equipmentTagId: uuid,
  modelTypeId: z.number().int(),
  equipmentModelTypeId: z.number().int(),
  isActive: z.enum(['active', 'inactive']),
  status: z.number().int(),
  equipmentCode: z.object({ code: z.string() }),
});

interface Options {
  service: ModelsService;
  offline: OfflineModelsService;
  models: ModelsRepository;
  structure: StructureRepository;
}

export const modelsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, offline, models, structure },
) => {
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

  app.post(
    '/equipment-models',
    {
      config: {
        access: access.company('ManageDataModel', (request) => companyOfTag(body(request).equipment_tag_id)),
      },
      schema: {
        tags: ['models'],
        summary: 'Create an online model on an equipment tag; answers its id',
        body: createModelRequest,
        response: { 201: createdId, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    '/equipment-models/:id',
    {
      config: { access: access.company('ViewCompany', (request) => companyOfModel(params(request).id)) },
      schema: {
        tags: ['models'],
        summary: 'One online model',
        params: idParams,
        response: { 200: modelSummary, ...errors },
      },
    },
    async (request) => {
      const model = await service.get(companyOf(request), request.params.id, requireAuth(request));
      return {
        id: model.id,
        modelCode: model.code,
        modelName: model.title,
        title: model.title,
        equipmentId: model.equipment_tag_id,
        equipmentTagId: model.equipment_tag_id,
        modelTypeId: model.model_type_id,
        equipmentModelTypeId: model.model_type_id,
        isActive: model.is_active ? ('active' as const) : ('inactive' as const),
        status: model.is_active ? model.status : -2,
        equipmentCode: { code: model.tag_code },
      };
    },
  );

  app.delete(
    '/equipment-models/:id',
    {
      config: { access: access.company('ManageDataModel', (request) => companyOfModel(params(request).id)) },
      schema: {
        tags: ['models'],
        summary: "'Inactive': deactivate an online model (soft; its data stays)",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deactivate(requireAuth(request), request.params.id);
      return reply.code(204).send(null);
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
        response: { 201: offlineModel, ...errors },
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
        response: { 200: z.array(offlineModel), ...errors },
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
        response: { 200: offlineModel, ...errors },
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
        response: { 200: offlineModel, ...errors },
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
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await offline.remove(requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
