import type { DocumentType, ModelDocuments, ModelImage } from '@sdp/contracts';
import type { Db } from '../../db/pool.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { isPdf } from '../../lib/pdf.ts';
import type { FileStore } from '../files/files.service.ts';
import { checkImage } from '../uploads/image.ts';
import type { ModelFilesRepository } from './model-files.repository.ts';

/** Success messages of spec 02 §8. */
export const ADD_IMAGE_SUCCESS = 'Add image Success.';
export const DELETE_IMAGE_SUCCESS = 'Delete image Success.';
export const IMPORT_DOCUMENT_SUCCESS = 'Import document Success.';
/** What the Document tab answers a file that is not a PDF (spec 02 §5). */
export const PDF_ONLY_MESSAGE = 'Please upload PDF file only';
/** More pictures than a carousel can usefully cycle through; the spec sets no number. */
export const MAX_IMAGES_PER_MODEL = 50;

export interface Upload {
  bytes: Buffer;
  fileName: string;
  by: string | null;
}

/**
 * Pictures and documents of a model (spec 02 §7: save / list / delete model images, document information, upload
 * documentation). Each write stores the bytes and the row that names them in one transaction: when either fails,
 * neither stays.
 */
export function createModelFilesService(deps: {
  db: Db;
  repository: ModelFilesRepository;
  files: FileStore;
  /** The most pixels an image may declare (IMAGE_MAX_PIXELS). */
  imageMaxPixels: number;
}) {
  const { db, repository, files } = deps;

  async function modelOf(id: string) {
    const model = await repository.model(id);
    if (!model) throw notFound();
    return model;
  }

  return {
    images: async (modelId: string): Promise<ModelImage[]> => {
      await modelOf(modelId);
      return repository.images(modelId);
    },

    async addImage(modelId: string, upload: Upload): Promise<ModelImage> {
      const model = await modelOf(modelId);
      const type = await checkImage(upload.bytes, deps.imageMaxPixels);
      if ((await repository.imageCount(modelId)) >= MAX_IMAGES_PER_MODEL)
        throw new HttpError(409, `A model holds at most ${MAX_IMAGES_PER_MODEL} images: delete one first.`);
      const saved = await files.saveWith(
        {
          kind: 'model-images',
          originalName: upload.fileName,
          type: type === 'jpeg' ? 'jpg' : 'png',
          bytes: upload.bytes,
          companyId: model.company_id,
          modelId,
          uploadedBy: upload.by,
        },
        (trx, stored) =>
          repository.insertImage(trx, {
            modelId,
            fileName: stored.name,
            originalName: upload.fileName.slice(0, 255),
            size: upload.bytes.length,
            by: upload.by,
          }),
      );
      return {
        id: saved.result.id,
        url: saved.url,
        image_name: upload.fileName.slice(0, 255),
        image_size: upload.bytes.length,
        created_at: saved.result.created_at.toISOString(),
      };
    },

    async deleteImage(modelId: string, imageId: string): Promise<void> {
      await modelOf(modelId);
      const removeBytes = await db.transaction().execute(async (trx) => {
        const image = await repository.imageFile(trx, modelId, imageId);
        if (!image) throw notFound('No such image of this model.');
        // The picture's row goes with its stored file (ON DELETE CASCADE).
        return files.forget(trx, 'model-images', [image.file_name]);
      });
      await removeBytes();
    },

    documents: async (modelId: string, canEdit: boolean): Promise<ModelDocuments> => {
      await modelOf(modelId);
      return { ...(await repository.documents(modelId)), can_edit: canEdit };
    },

    /** Stores a PM report or manual, replacing the one there: the old file is removed once the new one is saved. */
    async uploadDocument(modelId: string, type: DocumentType, upload: Upload): Promise<string> {
      const model = await modelOf(modelId);
      if (!isPdf(upload.bytes)) throw new HttpError(415, PDF_ONLY_MESSAGE);
      const saved = await files.saveWith(
        {
          kind: 'model-documents',
          originalName: upload.fileName,
          type: 'pdf',
          bytes: upload.bytes,
          companyId: model.company_id,
          modelId,
          uploadedBy: upload.by,
        },
        async (trx, stored) => {
          const old = await repository.documentFile(trx, modelId, type);
          await repository.upsertDocument(trx, {
            modelId,
            type,
            fileName: stored.name,
            originalName: upload.fileName.slice(0, 255),
            size: upload.bytes.length,
            by: upload.by,
          });
          return files.forget(trx, 'model-documents', old ? [old.file_name] : []);
        },
      );
      await saved.result();
      return saved.url;
    },
  };
}

export type ModelFilesService = ReturnType<typeof createModelFilesService>;
