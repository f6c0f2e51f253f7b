import { z } from 'zod';

/** Every error the API answers carries a human-readable `detail`, shown as is by the clients. */
export const errorResponse = z
  .object({ detail: z.string(), code: z.string().optional() })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const uuid = z.uuid();

/** Calendar date as the spec stores it: YYYY-MM-DD. */
export const isoDate = z.iso.date();

/** The upload folders whose files image fields may point at (POST /api/v1/upload/{kind}). */
export type ImageUploadKind = 'companys' | 'profiles' | 'equipment-tags';

/**
 * An image URL as our own upload route answered it: `/api/v1/files/<kind>/<stored name>.png|.jpg`, never an
 * outside address, another folder or a path trick (issue 11). Every stored image URL field uses this.
 */
export const ownImageUrl = (kind: ImageUploadKind) =>
  z
    .string()
    .trim()
    .max(500)
    .regex(
      new RegExp(`^/api/v1/files/${kind}/[A-Za-z0-9][A-Za-z0-9_-]{0,159}\\.(png|jpg)$`),
      `Upload the image through /api/v1/upload/${kind} and use the url it answers.`,
    );
