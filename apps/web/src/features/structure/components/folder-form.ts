import type { TFunction } from 'i18next';
import { z } from 'zod';

const TITLE_MAX = 200;

/** The folder dialog's one field (spec 01 §5): 'Folder Name', required, kept upper-case. */
export function folderFormSchema(t: TFunction) {
  return z.object({
    structureItemTitle: z
      .string()
      .trim()
      .min(1, t('structure.folder.nameRequired'))
      .max(TITLE_MAX, t('form.maxLength', { count: TITLE_MAX }))
      .transform((title) => title.toUpperCase()),
  });
}

export type FolderFormValues = { structureItemTitle: string };
