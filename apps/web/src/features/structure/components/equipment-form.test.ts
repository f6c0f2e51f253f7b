import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import {
  type EquipmentFormValues,
  equipmentFormSchema,
  formatCoordinate,
  formatMegabytes,
  shortImageName,
} from './equipment-form.ts';

beforeAll(() => {
  initI18n();
  void i18next.changeLanguage('en');
});

const valid: EquipmentFormValues = {
  structureItemTitle: 'pump01',
  structureItemAlias: 'Feed pump',
  equipmentGroupType: 'rotating',
  posLat: '13.7568',
  posLng: '100.5102',
  images: [],
};

function errorsOf(values: Partial<EquipmentFormValues>) {
  const result = equipmentFormSchema(i18next.t).safeParse({ ...valid, ...values });
  if (result.success) return {};
  // The first message of each field, as the form shows it.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('equipmentFormSchema', () => {
  it('accepts a complete tag and sends the code upper-case and the coordinates as numbers', () => {
    expect(equipmentFormSchema(i18next.t).parse(valid)).toEqual({
      ...valid,
      structureItemTitle: 'PUMP01',
      posLat: 13.7568,
      posLng: 100.5102,
    });
  });

  it("requires the code and takes letters and digits only, with the spec's messages", () => {
    expect(errorsOf({ structureItemTitle: '' })).toEqual({ structureItemTitle: '* Required' });
    expect(errorsOf({ structureItemTitle: 'PUMP-01' })).toEqual({
      structureItemTitle: '* Please enter only characters or numbers.',
    });
    expect(errorsOf({ structureItemTitle: 'PUMP 01' })).toHaveProperty('structureItemTitle');
    expect(errorsOf({ structureItemTitle: 'ปั๊ม1' })).toHaveProperty('structureItemTitle');
  });

  it('requires the tag name and a group type', () => {
    expect(errorsOf({ structureItemAlias: '  ' })).toEqual({ structureItemAlias: '* Required' });
    expect(errorsOf({ equipmentGroupType: '' })).toEqual({ equipmentGroupType: '* Required' });
  });

  it('takes latitude and longitude between 1 and 200 inclusive', () => {
    expect(errorsOf({ posLat: '1', posLng: '200' })).toEqual({});
    expect(errorsOf({ posLat: '', posLng: '' })).toEqual({ posLat: '* Required', posLng: '* Required' });
    expect(errorsOf({ posLat: '0.99' })).toEqual({ posLat: 'Latitude must be between 1 and 200.' });
    expect(errorsOf({ posLng: '200.01' })).toEqual({ posLng: 'Longitude must be between 1 and 200.' });
    expect(errorsOf({ posLat: '-13.7' })).toHaveProperty('posLat');
    expect(errorsOf({ posLng: 'east' })).toEqual({ posLng: 'Longitude must be between 1 and 200.' });
  });
});

describe('image list helpers', () => {
  it('shows the size in MB with two decimals and cuts names at 50 characters', () => {
    expect(formatMegabytes(1_572_864)).toBe('1.50 MB');
    expect(shortImageName('a'.repeat(50))).toBe('a'.repeat(50));
    expect(shortImageName(`${'b'.repeat(50)}.png`)).toBe(`${'b'.repeat(50)}…`);
  });

  it('shows coordinates with at most 6 decimals and nothing for a missing one', () => {
    expect(formatCoordinate(13.756812345)).toBe('13.756812');
    expect(formatCoordinate(100.5)).toBe('100.5');
    expect(formatCoordinate(null)).toBe('');
  });
});
