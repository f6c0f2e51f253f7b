import type { ModelSettings } from '@sdp/contracts';
import type { VsdModel } from '../api/get-vsd-models.ts';

export type RemainingLifeRow = ModelSettings['vsd_alarm_limit_sensor_new_in'][number];

/** The remaining-life row of the drive's cooling fan; every other row (the DC-link capacitor) uses capacitor ratings. */
const FAN_TAG = 'cooling_fan';

/**
 * A remaining-life row with a drive model chosen: its id, and the rated life L0 (hours) at T0 (°C) of the part
 * the row is about, from the model's datasheet. No model clears the choice and keeps the ratings typed so far.
 */
export function withVsdModel(row: RemainingLifeRow, model: VsdModel | undefined): RemainingLifeRow {
  if (!model) return { ...row, vsdModelId: null };
  const fan = row.tagCode === FAN_TAG;
  return {
    ...row,
    vsdModelId: model.id,
    l0: fan ? model.fanL10Hours : model.capacitorL0Hours,
    tmax: fan ? model.fanT0C : model.capacitorT0C,
  };
}

/** Spec 02 §4: changing the brand reloads the model choices and selects the first of them. */
export function withVsdBrand(
  row: RemainingLifeRow,
  brandId: number | null,
  modelsOfBrand: readonly VsdModel[],
): RemainingLifeRow {
  return withVsdModel({ ...row, brandId }, brandId === null ? undefined : modelsOfBrand[0]);
}
