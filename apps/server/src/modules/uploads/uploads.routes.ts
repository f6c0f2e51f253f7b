import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { errorResponse, uploadResponse } from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { detectImageType, IMAGE_TYPE_MESSAGE, imageMime } from './image.ts';

interface Options {
  storage: FileStorage;
  maxBytes: number;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Image uploads (`image_file` field, multipart) and the files route that serves them to signed-in users. */
export const uploadsRoutes: FastifyPluginAsyncZod<Options> = async (app, { storage, maxBytes }) => {
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 } });

  async function receiveImage(request: FastifyRequest, kind: string) {
    if (!request.isMultipart())
      throw new HttpError(415, 'Send the image as multipart/form-data in the field image_file.');
    const file = await request.file();
    if (file?.fieldname !== 'image_file') throw new HttpError(400, 'The field image_file is required.');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, `The file is larger than ${megabytes(maxBytes)}.`);
      }
      throw error;
    }
    const type = detectImageType(bytes);
    if (!type) throw new HttpError(415, IMAGE_TYPE_MESSAGE);
    // The stored name keeps a readable stem and gets a random suffix (spec 01 §5: 1 to 10000) plus entropy.
    const stem =
      path
        .parse(file.filename)
        .name.replace(/[^A-Za-z0-9_-]+/g, '-')
        .slice(0, 60) || 'image';
    const name = `${stem}-${randomInt(1, 10_001)}-${randomBytes(4).toString('hex')}.${type === 'jpeg' ? 'jpg' : 'png'}`;
    const url = await storage.put(kind, name, bytes);
    return { url, image_name: file.filename, image_size: bytes.length };
  }

  const schema = (summary: string) => ({
    tags: ['uploads'],
    summary,
    consumes: ['multipart/form-data'],
    response: {
      200: uploadResponse,
      400: errorResponse,
      401: errorResponse,
      403: errorResponse,
      413: errorResponse,
      415: errorResponse,
    },
  });

  app.post(
    '/upload/companys',
    {
      config: { access: access.platformAdmin() },
      schema: schema('Upload a company logo (jpeg or png, checked by content)'),
    },
    (request) => receiveImage(request, 'companys'),
  );

  app.post(
    '/upload/profiles',
    {
      config: { access: access.signedIn() },
      schema: schema('Upload a profile image (jpeg or png, checked by content)'),
    },
    (request) => receiveImage(request, 'profiles'),
  );

  app.post(
    '/upload/equipment-tags',
    {
      config: { access: access.signedIn() },
      schema: schema('Upload an equipment tag image (jpeg or png, checked by content)'),
    },
    (request) => receiveImage(request, 'equipment-tags'),
  );

  app.get(
    '/files/:kind/:name',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded file',
        params: z.object({ kind: z.string().max(40), name: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const stream = storage.open(request.params.kind, request.params.name);
      if (!stream) throw new HttpError(404, 'Not found.');
      const type = request.params.name.endsWith('.png') ? imageMime.png : imageMime.jpeg;
      return reply.type(type).header('cache-control', 'private, max-age=86400, immutable').send(stream);
    },
  );
};
