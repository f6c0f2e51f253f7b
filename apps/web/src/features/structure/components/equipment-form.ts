import { type EquipmentGroupType, equipmentGroupType } from '@sdp/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';

const CODE_MAX = 50;
const ALIAS_MAX = 200;
const IMAGES_MAX = 20;
/** Spec 01 §5 and §9: latitude and longitude each between 1 and 200. */
export const COORDINATE_MIN = 1;
export const COORDINATE_MAX = 200;

/** The group types in the order the dialog offers them (spec 01 §3). */
export const equipmentGroupTypes: readonly EquipmentGroupType[] = equipmentGroupType.options;

/** An image of the tag: uploaded already (url), and with an id once it belongs to a saved tag. */
export type EquipmentImageValue = { id?: string; url: string; image_name: string; image_size: number };

/** What the dialog edits; coordinates are typed text until they are checked. */
export type EquipmentFormValues = {
  structureItemTitle: string;
  structureItemAlias: string;
  /** One of the group types, or '' until one is chosen. */
  equipmentGroupType: string;
  posLat: string;
  posLng: string;
  images: EquipmentImageValue[];
};

/**
 * Rules of the equipment tag dialog (spec 01 §5): the code required, letters and digits only, upper-case;
 * the tag name and group type required; latitude and longitude required, each between 1 and 200; images
 * already uploaded. Messages are the spec's ('* Required', '* Please enter only characters or numbers.').
 */
export function equipmentFormSchema(t: TFunction) {
  const required = t('form.starRequired');
  const coordinate = (name: 'latitude' | 'longitude') =>
    z
      .string()
      .trim()
      .min(1, required)
      .transform((text, context) => {
        const value = Number(text);
        if (!Number.isFinite(value) || value < COORDINATE_MIN || value > COORDINATE_MAX) {
          context.addIssue({
            code: 'custom',
            message: t('structure.equipment.coordinateRange', {
              name: t(`structure.equipment.${name}`),
              min: COORDINATE_MIN,
              max: COORDINATE_MAX,
            }),
          });
          return z.NEVER;
        }
        return value;
      });
  return z.object({
    structureItemTitle: z
      .string()
      .trim()
      .min(1, required)
      .max(CODE_MAX, t('form.maxLength', { count: CODE_MAX }))
      .regex(/^[A-Za-z0-9]+$/, t('structure.equipment.codeRule'))
      .transform((code) => code.toUpperCase()),
    structureItemAlias: z
      .string()
      .trim()
      .min(1, required)
      .max(ALIAS_MAX, t('form.maxLength', { count: ALIAS_MAX })),
    // The select starts empty ('') until a type is chosen.
    equipmentGroupType: z.string().pipe(z.enum(equipmentGroupType.options, { error: required })),
    posLat: coordinate('latitude'),
    posLng: coordinate('longitude'),
    images: z
      .array(
        z.object({
          id: z.string().optional(),
          url: z.string().min(1),
          image_name: z.string().min(1),
          image_size: z.number().int().min(0),
        }),
      )
      .max(IMAGES_MAX, t('structure.equipment.tooManyImages', { count: IMAGES_MAX })),
  });
}

export type EquipmentFormOutput = z.output<ReturnType<typeof equipmentFormSchema>>;

/** A coordinate as the field shows it: up to 6 decimals (about 10 cm), no trailing zeros. */
export function formatCoordinate(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(Math.round(value * 1e6) / 1e6);
}

/** Image size as the list shows it (spec 01 §9: in MB). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

const NAME_SHOWN = 50;

/** Image name cut at 50 characters for the list (spec 01 §9). */
export function shortImageName(name: string): string {
  return name.length > NAME_SHOWN ? `${name.slice(0, NAME_SHOWN)}…` : name;
}
