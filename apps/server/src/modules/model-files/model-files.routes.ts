import fastifyMultipart from '@fastify/multipart';
import {
  addModelImageResponse,
  documentTypeQuery,
  errorResponse,
  modelDocuments,
  modelImage,
  uploadDocumentResponse,
  uuid,
} from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { HttpError } from '../../lib/http-error.ts';
import { errorResponses, idParams, paramId } from '../../lib/route-schemas.ts';
import { byteLimit } from '../../storage/storage.ts';
import {
  ADD_IMAGE_SUCCESS,
  DELETE_IMAGE_SUCCESS,
  IMPORT_DOCUMENT_SUCCESS,
  type ModelFilesService,
  type Upload,
} from './model-files.service.ts';

interface Options {
  service: ModelFilesService;
  visibility: EquipmentVisibility;
  /** The largest picture (UPLOAD_MAX_BYTES). */
  imageMaxBytes: number;
  /** The largest PM report or manual (DOCUMENT_MAX_BYTES). */
  documentMaxBytes: number;
}

const uploadErrors = { ...errorResponses, 413: errorResponse, 415: errorResponse };

/**
 * Overall Status, Image and Document tabs (spec 02 §2.4, §7): a model's pictures and its PM report and manual.
 * Reading them takes seeing the model's equipment; adding and deleting takes ConfigDataModelInfo (who edits the
 * model, spec 01 §6), so members and supermembers look but do not change.
 */
export const modelFilesRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { service, visibility } = options;
  const largest = Math.max(options.imageMaxBytes, options.documentMaxBytes);
  await app.register(fastifyMultipart, { limits: { fileSize: largest, files: 1, fields: 5 } });

  const ofModel = (request: FastifyRequest, session: { userId: string }) =>
    visibility.ofModel(paramId(request), session.userId);
  const view = { access: access.equipment('ViewCompany', ofModel) };
  const configure = { access: access.equipment('ConfigDataModelInfo', ofModel) };

  /** The one file of a multipart request in `field`, within `maxBytes`: 400, 413 or 415 with `{detail}` otherwise. */
  async function receive(request: FastifyRequest, field: string, maxBytes: number): Promise<Upload> {
    if (!request.isMultipart())
      throw new HttpError(415, `Send the file as multipart/form-data in the field ${field}.`);
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
    if (file?.fieldname !== field) throw new HttpError(400, `The field ${field} is required.`);
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new HttpError(413, `The file is larger than the limit of ${byteLimit(maxBytes)}.`);
      throw error;
    }
    if (bytes.length > maxBytes)
      throw new HttpError(413, `The file is larger than the limit of ${byteLimit(maxBytes)}.`);
    return { bytes, fileName: file.filename || 'file', by: requireAuth(request).userId };
  }

  app.get(
    '/equipment-models/:id/images',
    {
      config: view,
      schema: {
        tags: ['model-files'],
        summary: "Get model images: the pictures of the model's Image tab, oldest first",
        params: idParams,
        response: { 200: z.array(modelImage), ...errorResponses },
      },
    },
    (request) => service.images(request.params.id),
  );

  app.post(
    '/equipment-models/:id/images',
    {
      config: configure,
      schema: {
        tags: ['model-files'],
        summary:
          'Upload and save a model image (multipart field image_file; jpeg or png, decoded; UPLOAD_MAX_BYTES): answers its id and url',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: addModelImageResponse, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const upload = await receive(request, 'image_file', options.imageMaxBytes);
      const image = await service.addImage(request.params.id, upload);
      return reply.code(201).send({ ...image, message: ADD_IMAGE_SUCCESS });
    },
  );

  app.delete(
    '/equipment-models/:id/images/:imageId',
    {
      config: configure,
      schema: {
        tags: ['model-files'],
        summary: 'Delete a model image (its stored file too)',
        params: z.object({ id: uuid, imageId: uuid }),
        response: { 200: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      await service.deleteImage(request.params.id, request.params.imageId);
      return { message: DELETE_IMAGE_SUCCESS };
    },
  );

  app.get(
    '/equipment-models/:id/documents',
    {
      config: view,
      schema: {
        tags: ['model-files'],
        summary: 'Get document information: the PM report and manual file URLs of the model (null when none)',
        params: idParams,
        response: { 200: modelDocuments, ...errorResponses },
      },
    },
    (request) =>
      service.documents(request.params.id, requireAuth(request).permissions.has('ConfigDataModelInfo')),
  );

  app.post(
    '/equipment-models/:id/documents',
    {
      config: configure,
      schema: {
        tags: ['model-files'],
        summary:
          'Upload documentation: type pm_report or manual, multipart field documentation_file (PDF, by content; DOCUMENT_MAX_BYTES); replaces the one there',
        params: idParams,
        querystring: documentTypeQuery,
        consumes: ['multipart/form-data'],
        response: { 200: uploadDocumentResponse, ...uploadErrors },
      },
    },
    async (request) => {
      const upload = await receive(request, 'documentation_file', options.documentMaxBytes);
      const url = await service.uploadDocument(request.params.id, request.query.type, upload);
      return { message: IMPORT_DOCUMENT_SUCCESS, url };
    },
  );
};
