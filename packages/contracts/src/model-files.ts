import { z } from 'zod';
import { uuid } from './common.ts';

/** A picture of a model's Image tab (spec 02 §3 'Model image': id, url). */
export const modelImage = z
  .object({
    id: uuid,
    url: z.string(),
    image_name: z.string(),
    image_size: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'ModelImage' });
export type ModelImage = z.infer<typeof modelImage>;

/** The two documents of a model's Document tab (spec 02 §3 'Document info'). */
export const documentType = z.enum(['pm_report', 'manual']);
export type DocumentType = z.infer<typeof documentType>;

export const modelDocumentFile = z.object({
  url: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  uploaded_at: z.string(),
});
export type ModelDocumentFile = z.infer<typeof modelDocumentFile>;

/** `pm_report` and `manual` are the file URLs the spec names (null when none); `files` tells name, size and date. */
export const modelDocuments = z
  .object({
    pm_report: z.string().nullable(),
    manual: z.string().nullable(),
    files: z.object({ pm_report: modelDocumentFile.nullable(), manual: modelDocumentFile.nullable() }),
    /** Whether the caller may add and delete this model's pictures and documents (ConfigDataModelInfo). */
    can_edit: z.boolean(),
  })
  .meta({ id: 'ModelDocuments' });
export type ModelDocuments = z.infer<typeof modelDocuments>;

export const addModelImageResponse = modelImage.extend({ message: z.string() });
export const uploadDocumentResponse = z.object({ message: z.string(), url: z.string() });
export const documentTypeQuery = z.object({ type: documentType });
