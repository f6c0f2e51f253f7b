import { z } from 'zod';

/** Every error the API answers carries a human-readable `detail`, shown as is by the clients. */
export const errorResponse = z
  .object({ detail: z.string(), code: z.string().optional() })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const uuid = z.uuid();

/** Calendar date as the spec stores it: YYYY-MM-DD. */
export const isoDate = z.iso.date();
