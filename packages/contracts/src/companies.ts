import { z } from 'zod';
import { isoDate, ownImageUrl, uuid } from './common.ts';

const timeZones = new Set(Intl.supportedValuesOf('timeZone').concat('UTC'));

/** Company dialog of spec 01 §2 and its rules of §5. */
export const companyPayload = z
  .object({
    image_path: z.string().trim().min(1, 'This field is required.').pipe(ownImageUrl('companys')),
    title: z.string().trim().min(1, 'This field is required.').max(200),
    initial_code: z
      .string()
      .trim()
      .min(1, 'This field is required.')
      .max(20)
      .regex(/^[A-Za-z0-9]+$/, 'Only letters and digits are allowed.')
      .transform((code) => code.toUpperCase()),
    description: z.string().trim().max(2000).default(''),
    start_date: isoDate,
    end_date: isoDate,
    rvs_upgrade: z.boolean().default(false),
    time_zone: z
      .string()
      .refine((zone) => timeZones.has(zone), 'Unknown time zone.')
      .default('Asia/Bangkok'),
  })
  .refine((company) => company.start_date <= company.end_date, {
    message: 'The start date may not be after the end date.',
    path: ['end_date'],
  });
export type CompanyPayload = z.input<typeof companyPayload>;

export const company = z
  .object({
    id: uuid,
    title: z.string(),
    name: z.string(),
    description: z.string(),
    image_path: z.string().nullable(),
    image: z.string().nullable(),
    initial_code: z.string(),
    start_date: isoDate,
    end_date: isoDate,
    rvs_upgrade: z.boolean(),
    time_zone: z.string(),
    /** Measurements older than this many days are deleted (daily). */
    retention_days: z.number().int(),
    deleted_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof company>;

export const companyList = z.object({ items: z.array(company), total: z.number().int() });
export type CompanyList = z.infer<typeof companyList>;

export const companyListQuery = z.object({
  deleted: z.enum(['exclude', 'include', 'only']).default('exclude'),
});

export const uploadResponse = z.object({
  url: z.string(),
  image_name: z.string(),
  image_size: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const retentionRequest = z.object({ retention_days: z.number().int().min(30).max(36_500) });
