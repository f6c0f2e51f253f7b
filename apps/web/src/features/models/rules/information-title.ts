import type { TFunction } from 'i18next';
import { RVS } from './sections.ts';

/** The configuration accordion's title (spec 02 §2.7): '<type> Information', 'Machine Information' for RVS. */
export function informationTitle(t: TFunction, modelTypeId: number, typeTitle: string): string {
  return modelTypeId === RVS
    ? t('models.information.machine')
    : t('models.information.title', { type: typeTitle });
}
