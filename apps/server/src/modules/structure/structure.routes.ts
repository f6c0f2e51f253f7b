import {
  assignmentPage,
  assignmentQuery,
  assignmentRequest,
  createdId,
  createEquipmentTagRequest,
  createFolderRequest,
  createImageRequest,
  deleteItemQuery,
  equipmentImage,
  equipmentTag,
  messageResponse,
  overview,
  treeNode,
  treeQuery,
  updateEquipmentTagQuery,
  updateEquipmentTagRequest,
  updateFolderQuery,
  updateFolderRequest,
} from '@sdp/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { badRequest } from '../../lib/http-error.ts';
import { errorResponses, idParams, plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { AssignmentsService } from './assignments.service.ts';
import type { StructureRepository } from './structure.repository.ts';
import type { StructureService } from './structure.service.ts';
import { etagMatches } from './tree-cache.ts';

interface Options {
  service: StructureService;
  assignments: AssignmentsService;
  repository: StructureRepository;
  visibility: EquipmentVisibility;
}

export const structureRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, assignments, repository, visibility },
) => {
  /** The company an item belongs to, for the access check; null (404) for unknown or removed items. */
  const companyOfItem = async (id: string | undefined) => {
    if (!id) return null;
    const item = await repository.findItem(id);
    return item && !item.is_disabled ? item.company_id : null;
  };
  const params = (request: { params: unknown }) => request.params as { id: string };
  const query = (request: { query: unknown }) => request.query as Record<string, string>;
  const body = (request: { body: unknown }) => (request.body ?? {}) as Record<string, string>;
  const companyOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).companyId as string;
  /** Reads of one equipment tag: held to who sees which equipment (404 for a tag not assigned to a member). */
  const viewTag = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofTag(params(request).id, session.userId),
    ),
  };

  app.get(
    '/structure-item-company',
    {
      serializerCompiler: plainJsonSerializer,
      config: { access: access.company('ViewCompany', (request) => query(request).company_id) },
      schema: {
        tags: ['structure'],
        summary: "The company's whole tree with statuses: root → folders → equipment tags → models",
        querystring: treeQuery,
        response: { 200: treeNode, ...errorResponses },
      },
    },
    async (request, typedReply) => {
      const tree = await service.cachedTree(requireAuth(request), request.query.company_id);
      // The body is the cached JSON of a TreeNode (validated when built), sent as is: not re-serialised.
      const reply = typedReply as unknown as FastifyReply;
      // Revalidated on every use: an unchanged tree answers 304 without a body (issue 17 item 3).
      reply.header('etag', tree.etag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], tree.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(tree.body);
    },
  );

  app.get(
    '/companies/:id/dashboard',
    {
      config: { access: access.company('ViewCompany', (request) => params(request).id) },
      schema: {
        tags: ['structure'],
        summary: 'Model counts by status and the equipment of the company',
        params: idParams,
        response: { 200: overview, ...errorResponses },
      },
    },
    (request) => service.overview(requireAuth(request), request.params.id),
  );

  app.get(
    '/structure-item/:id/overview',
    {
      config: { access: access.company('ViewCompany', (request) => companyOfItem(params(request).id)) },
      schema: {
        tags: ['structure'],
        summary: 'Model counts by status and the equipment under a folder',
        params: idParams,
        response: { 200: overview, ...errorResponses },
      },
    },
    (request) => service.overview(requireAuth(request), companyOf(request), request.params.id),
  );

  app.post(
    '/structure-item',
    {
      config: { access: access.company('ManageFolder', (request) => body(request).companies_id) },
      schema: {
        tags: ['structure'],
        summary: 'Create a folder',
        body: createFolderRequest,
        response: { 201: createdId, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createFolder(requireAuth(request), request.body)),
  );

  app.put(
    '/structure-item',
    {
      config: {
        access: access.company('ManageFolder', (request) => companyOfItem(query(request).folder_id)),
      },
      schema: {
        tags: ['structure'],
        summary: 'Rename a folder (title forced upper case) or move it under another folder',
        querystring: updateFolderQuery,
        body: updateFolderRequest,
        response: { 200: createdId, ...errorResponses },
      },
    },
    (request) =>
      service.updateFolder(requireAuth(request), companyOf(request), request.query.folder_id, request.body),
  );

  app.delete(
    '/structure-item/:id',
    {
      config: { access: access.company('ManageFolder', (request) => companyOfItem(params(request).id)) },
      schema: {
        tags: ['structure'],
        summary:
          'Delete a folder or equipment tag (disabled, not erased). A folder with content needs ?recursive=true; tags need DeleteEquipmentTag (ADMIN)',
        params: idParams,
        querystring: deleteItemQuery,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.deleteItem(
        requireAuth(request),
        companyOf(request),
        request.params.id,
        request.query.recursive === 'true',
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/equipment-tag/:id',
    {
      config: viewTag,
      schema: {
        tags: ['structure'],
        summary: 'One equipment tag with its images',
        params: idParams,
        response: { 200: equipmentTag, ...errorResponses },
      },
    },
    async (request) => {
      const { tag, images } = await service.getTag(companyOf(request), request.params.id);
      return {
        id: tag.id,
        structureItemTitle: tag.title,
        structureItemAlias: tag.alias ?? '',
        structureItemType: 'EquipmentTag' as const,
        equipmentGroupType: tag.equipment_group_type ?? 'electric',
        posLat: tag.pos_lat,
        posLng: tag.pos_lng,
        parentId: tag.parent_id,
        companies_id: tag.company_id,
        createdDate: tag.created_at.toISOString(),
        is_disabled: tag.is_disabled,
        isPrimaryFolder: false,
        status: tag.status,
        images,
      };
    },
  );

  app.post(
    '/equipment-tag',
    {
      config: { access: access.company('ManageEquipmentTag', (request) => body(request).companies_id) },
      schema: {
        tags: ['structure'],
        summary: 'Create an equipment tag',
        body: createEquipmentTagRequest,
        response: { 201: createdId, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createTag(requireAuth(request), request.body)),
  );

  app.put(
    '/equipment-tag',
    {
      config: {
        access: access.company('ManageEquipmentTag', (request) =>
          companyOfItem(query(request).equipment_tag_id),
        ),
      },
      schema: {
        tags: ['structure'],
        summary: 'Edit an equipment tag: name, location, parent (code and group type are locked)',
        querystring: updateEquipmentTagQuery,
        body: updateEquipmentTagRequest,
        response: { 200: createdId, ...errorResponses },
      },
    },
    (request) =>
      service.updateTag(
        requireAuth(request),
        companyOf(request),
        request.query.equipment_tag_id,
        request.body,
      ),
  );

  app.get(
    '/equipment-tag-images/:id',
    {
      config: viewTag,
      schema: {
        tags: ['structure'],
        summary: 'Images of an equipment tag (id = tag id)',
        params: idParams,
        response: { 200: z.array(equipmentImage), ...errorResponses },
      },
    },
    (request) => service.listImages(companyOf(request), request.params.id),
  );

  app.post(
    '/equipment-tag-images',
    {
      config: {
        access: access.company('ManageEquipmentTag', (request) =>
          companyOfItem(body(request).equipmentTagId),
        ),
      },
      schema: {
        tags: ['structure'],
        summary: 'Attach an uploaded image to an equipment tag',
        body: createImageRequest,
        response: { 201: equipmentImage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { equipmentTagId, ...image } = request.body;
      return reply
        .code(201)
        .send(await service.addImage(requireAuth(request), companyOf(request), equipmentTagId, image));
    },
  );

  app.delete(
    '/equipment-tag-images/:id',
    {
      config: {
        access: access.company(
          'ManageEquipmentTag',
          async (request) => (await repository.findImage(params(request).id))?.company_id,
        ),
      },
      schema: {
        tags: ['structure'],
        summary: 'Remove an image from its equipment tag',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.deleteImage(requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/equipment_model_member',
    {
      config: {
        access: access.company('AssignMemberToEquipmentTag', (request) =>
          companyOfItem(query(request).equipment_tag_id),
        ),
      },
      schema: {
        tags: ['structure'],
        summary: 'Members assigned to an equipment tag (paged, size 50 by default)',
        querystring: assignmentQuery,
        response: { 200: assignmentPage, ...errorResponses },
      },
    },
    (request) =>
      assignments.page(
        companyOf(request),
        request.query.equipment_tag_id,
        request.query.page,
        request.query.size,
      ),
  );

  app.post(
    '/equipment_model_member',
    {
      config: {
        access: access.company('AssignMemberToEquipmentTag', (request) =>
          companyOfItem(body(request).equipment_tag_id),
        ),
      },
      schema: {
        tags: ['structure'],
        summary:
          'Assign or unassign members of the company to an equipment tag (member_option is_create / is_delete)',
        body: assignmentRequest,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.body.company_id !== auth.companyId)
        throw badRequest("company_id is not the equipment tag's company.");
      await assignments.apply(auth, request.body.equipment_tag_id, request.body.member_option);
      return { message: 'success' };
    },
  );
};
