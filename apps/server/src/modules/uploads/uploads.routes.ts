import fastifyMultipart from '@fastify/multipart';
import { errorResponse, uploadResponse, uuid } from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { byteLimit, FILE_KINDS, STORED_NAME } from '../../storage/storage.ts';
import type { FileStore, NewFile } from '../files/files.service.ts';
import { checkImage } from './image.ts';

interface Options {
  files: FileStore;
  maxBytes: number;
  /** The most pixels an image may declare (IMAGE_MAX_PIXELS). */
  maxPixels: number;
  /** Whether a company exists (and is not deleted): a logo may be uploaded straight into one. */
  companyExists: (companyId: string) => Promise<boolean>;
}

const companyQuery = z.object({ company_id: uuid.optional() });

/**
 * Image uploads (`image_file` field, multipart) and the files route. Each upload is decoded to be sure it is a
 * whole jpeg or png, stored under a name of the server's and recorded with its company (or, for profile
 * pictures, its user); the files route serves it only to the people who see that company or user.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { files, maxBytes, maxPixels, companyExists },
) => {
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 } });

  async function receiveImage(
    request: FastifyRequest,
    target: Pick<NewFile, 'kind' | 'companyId' | 'ownerUserId'>,
  ) {
    const auth = requireAuth(request);
    if (!request.isMultipart())
      throw new HttpError(415, 'Send the image as multipart/form-data in the field image_file.');
    const file = await request.file();
    if (file?.fieldname !== 'image_file') throw new HttpError(400, 'The field image_file is required.');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, `The file is larger than the limit of ${byteLimit(maxBytes)}.`);
      }
      throw error;
    }
    const type = await checkImage(bytes, maxPixels);
    const url = await files.save({
      ...target,
      originalName: file.filename,
      type: type === 'jpeg' ? 'jpg' : 'png',
      bytes,
      uploadedBy: auth.userId,
    });
    return { url, image_name: file.filename, image_size: bytes.length };
  }

  const schema = (summary: string) => ({
    tags: ['uploads'],
    summary,
    consumes: ['multipart/form-data'],
    querystring: companyQuery,
    response: {
      200: uploadResponse,
      400: errorResponse,
      401: errorResponse,
      403: errorResponse,
      404: errorResponse,
      413: errorResponse,
      415: errorResponse,
      503: errorResponse,
    },
  });

  app.post(
    '/upload/companys',
    {
      config: { access: access.platformAdmin() },
      schema: schema(
        'Upload a company logo (jpeg or png, decoded); company_id names its company, else the company saved with it',
      ),
    },
    async (request) => {
      const companyId = request.query.company_id ?? null;
      if (companyId && !(await companyExists(companyId))) throw notFound();
      return receiveImage(request, { kind: 'companys', companyId });
    },
  );

  app.post(
    '/upload/profiles',
    {
      config: { access: access.signedIn() },
      schema: schema('Upload your profile picture (jpeg or png, decoded)'),
    },
    (request) =>
      receiveImage(request, { kind: 'profiles', companyId: null, ownerUserId: requireAuth(request).userId }),
  );

  app.post(
    '/upload/equipment-tags',
    {
      // Equipment images and RVS diagrams: the roles that edit equipment or a model's information.
      config: {
        access: access.company(
          'ConfigDataModelInfo',
          (request, session) =>
            (request.query as z.infer<typeof companyQuery>).company_id ?? session.selectedCompanyId,
        ),
      },
      schema: schema(
        'Upload an equipment image or RVS diagram (jpeg or png, decoded) of company company_id (default: the selected company)',
      ),
    },
    (request) => receiveImage(request, { kind: 'equipment-tags', companyId: requireAuth(request).companyId }),
  );

  app.get(
    '/files/:kind/:name',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['uploads'],
        summary:
          "An uploaded file, for the people who see its company (or, for a profile picture, its user's companies)",
        params: z.object({
          kind: z.enum(FILE_KINDS),
          name: z.string().max(200).regex(STORED_NAME, 'Not a stored file name.'),
        }),
      },
    },
    async (request, reply) => {
      const opened = await files.open(request.params.kind, request.params.name, requireAuth(request));
      if (!opened) throw notFound();
      // Pictures and PDF documents open in the browser (a model's 'Export file' opens a new tab); workbooks download.
      const pdf = opened.contentType === 'application/pdf';
      const disposition = opened.contentType.startsWith('image/') || pdf ? 'inline' : 'attachment';
      return (
        reply
          .type(opened.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `${disposition}; filename="${opened.name}"`)
          // A sandboxed page has no PDF viewer: a PDF gets the viewer and nothing else (no scripts, no requests).
          .header(
            'content-security-policy',
            pdf
              ? "default-src 'none'; object-src 'self'; plugin-types application/pdf"
              : "default-src 'none'; sandbox",
          )
          .header('cache-control', 'private, max-age=86400, immutable')
          .send(opened.stream)
      );
    },
  );
};
