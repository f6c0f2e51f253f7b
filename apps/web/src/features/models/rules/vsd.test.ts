import { describe, expect, it } from 'vitest';
import type { VsdModel } from '../api/get-vsd-models.ts';
import { type RemainingLifeRow, withVsdBrand, withVsdModel } from './vsd.ts';

const acs880: VsdModel = {
  id: 101,
  brandId: 1,
  name: 'ACS880-01',
  capacitorL0Hours: 5000,
  capacitorT0C: 105,
  fanL10Hours: 50000,
  fanT0C: 40,
};
const acs580: VsdModel = { ...acs880, id: 102, name: 'ACS580-01', fanL10Hours: 45000 };

function row(tagCode: string): RemainingLifeRow {
  return {
    sensorTypeId: tagCode === 'cooling_fan' ? 3102 : 3101,
    sensorGroupId: 31,
    tagCode,
    brandId: null,
    vsdModelId: null,
    initial_day: 0,
    avg_rate: 24,
    l0: null,
    tmax: null,
    expectedLifeTime: null,
    warning: 20,
    alarm: 10,
    rul_warning: 20,
    rul_alarm: 10,
    isSelect: true,
    isAlert: true,
  };
}

describe('Brand and Model of a remaining-life row', () => {
  it('selects the first model of a newly chosen brand and takes its capacitor rating', () => {
    expect(withVsdBrand(row('dc_link_capacitor'), 1, [acs880, acs580])).toMatchObject({
      brandId: 1,
      vsdModelId: 101,
      l0: 5000,
      tmax: 105,
    });
  });

  it('takes the fan L10 life for the cooling fan row', () => {
    expect(withVsdModel(row('cooling_fan'), acs580)).toMatchObject({ vsdModelId: 102, l0: 45000, tmax: 40 });
  });

  it('clears the model when the brand has none, keeping the ratings typed so far', () => {
    const typed = { ...row('dc_link_capacitor'), vsdModelId: 101, l0: 7000, tmax: 95 };
    expect(withVsdBrand(typed, 2, [])).toMatchObject({ brandId: 2, vsdModelId: null, l0: 7000, tmax: 95 });
  });
});
