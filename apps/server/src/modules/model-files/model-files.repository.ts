import type { DocumentType, ModelDocuments, ModelImage } from '@sdp/contracts';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { Database } from '../../db/schema.ts';
import { fileUrl } from '../../storage/storage.ts';

type Executor = Db | Transaction<Database>;

/** The pictures and documents of models (tables of migration 0014). */
export function createModelFilesRepository(db: Db) {
  return {
    /** The model a route names, with what its files are stored under; undefined when there is none. */
    model(id: string) {
      return db
        .selectFrom('equipment_models')
        .select(['id', 'company_id', 'code', 'title'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Pictures of a model, oldest first (the carousel's order). */
    async images(modelId: string): Promise<ModelImage[]> {
      const rows = await db
        .selectFrom('equipment_model_images')
        .select(['id', 'file_name', 'original_name', 'size_bytes', 'created_at'])
        .where('model_id', '=', modelId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        url: fileUrl('model-images', row.file_name),
        image_name: row.original_name,
        image_size: Number(row.size_bytes),
        created_at: row.created_at.toISOString(),
      }));
    },

    async imageCount(modelId: string): Promise<number> {
      const row = await db
        .selectFrom('equipment_model_images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('model_id', '=', modelId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insertImage(
      trx: Transaction<Database>,
      image: { modelId: string; fileName: string; originalName: string; size: number; by: string | null },
    ) {
      return trx
        .insertInto('equipment_model_images')
        .values({
          model_id: image.modelId,
          file_name: image.fileName,
          original_name: image.originalName,
          size_bytes: image.size,
          created_by: image.by,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** The stored file of one picture of this model, locked for its deletion; undefined when there is none. */
    imageFile(trx: Executor, modelId: string, imageId: string) {
      return trx
        .selectFrom('equipment_model_images')
        .select('file_name')
        .where('id', '=', imageId)
        .where('model_id', '=', modelId)
        .forUpdate()
        .executeTakeFirst();
    },

    async documents(modelId: string): Promise<Omit<ModelDocuments, 'can_edit'>> {
      const rows = await db
        .selectFrom('equipment_model_documents')
        .select(['doc_type', 'file_name', 'original_name', 'size_bytes', 'uploaded_at'])
        .where('model_id', '=', modelId)
        .execute();
      const file = (type: DocumentType) => {
        const row = rows.find((candidate) => candidate.doc_type === type);
        return row
          ? {
              url: fileUrl('model-documents', row.file_name),
              file_name: row.original_name,
              file_size: Number(row.size_bytes),
              uploaded_at: row.uploaded_at.toISOString(),
            }
          : null;
      };
      const files = { pm_report: file('pm_report'), manual: file('manual') };
      return { pm_report: files.pm_report?.url ?? null, manual: files.manual?.url ?? null, files };
    },

    /** The stored file of a model's document of this type, locked until the replacing upload commits. */
    documentFile(trx: Executor, modelId: string, type: DocumentType) {
      return trx
        .selectFrom('equipment_model_documents')
        .select('file_name')
        .where('model_id', '=', modelId)
        .where('doc_type', '=', type)
        .forUpdate()
        .executeTakeFirst();
    },

    upsertDocument(
      trx: Transaction<Database>,
      doc: {
        modelId: string;
        type: DocumentType;
        fileName: string;
        originalName: string;
        size: number;
        by: string | null;
      },
    ) {
      return trx
        .insertInto('equipment_model_documents')
        .values({
          model_id: doc.modelId,
          doc_type: doc.type,
          file_name: doc.fileName,
          original_name: doc.originalName,
          size_bytes: doc.size,
          uploaded_by: doc.by,
        })
        .onConflict((oc) =>
          oc.columns(['model_id', 'doc_type']).doUpdateSet((eb) => ({
            file_name: eb.ref('excluded.file_name'),
            original_name: eb.ref('excluded.original_name'),
            size_bytes: eb.ref('excluded.size_bytes'),
            uploaded_by: eb.ref('excluded.uploaded_by'),
            uploaded_at: new Date(),
          })),
        )
        .execute();
    },
  };
}

export type ModelFilesRepository = ReturnType<typeof createModelFilesRepository>;
