import type { Company, CompanyPayload } from '@sdp/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatCompanyDate, parseCompanyDate } from '../../../lib/time.ts';

const TITLE_MAX = 200;
const CODE_MAX = 20;
const DESCRIPTION_MAX = 2000;

/**
 * Rules of the company dialog (spec 01 §5): image, title and initial code required; the code letters and
 * digits only, kept upper-case; dates typed DD/MM/YYYY and sent YYYY-MM-DD; the start not after the end.
 */
export function companyFormSchema(t: TFunction) {
  const required = t('form.required');
  const date = z
    .string()
    .trim()
    .min(1, required)
    .transform((value, context) => {
      const iso = parseCompanyDate(value);
      if (iso === undefined) {
        context.addIssue({ code: 'custom', message: t('dateField.invalid') });
        return z.NEVER;
      }
      return iso;
    });
  return z
    .object({
      image_path: z.string().min(1, required),
      title: z
        .string()
        .trim()
        .min(1, required)
        .max(TITLE_MAX, t('form.maxLength', { count: TITLE_MAX })),
      initial_code: z
        .string()
        .trim()
        .min(1, required)
        .max(CODE_MAX, t('form.maxLength', { count: CODE_MAX }))
        .regex(/^[A-Za-z0-9]+$/, t('companies.form.codeRule'))
        .transform((code) => code.toUpperCase()),
      description: z
        .string()
        .trim()
        .max(DESCRIPTION_MAX, t('form.maxLength', { count: DESCRIPTION_MAX })),
      start_date: date,
      end_date: date,
      rvs_upgrade: z.boolean(),
      time_zone: z.string().min(1, required),
    })
    .superRefine((company, context) => {
      if (company.start_date > company.end_date) {
        context.addIssue({
          code: 'custom',
          path: ['start_date'],
          message: t('companies.form.startAfterEnd'),
        });
        context.addIssue({ code: 'custom', path: ['end_date'], message: t('companies.form.endBeforeStart') });
      }
    }) satisfies z.ZodType<CompanyPayload, CompanyFormValues>;
}

/** What the dialog edits: the payload of the API with the dates as the user reads them (DD/MM/YYYY). */
export type CompanyFormValues = {
  image_path: string;
  title: string;
  initial_code: string;
  description: string;
  start_date: string;
  end_date: string;
  rvs_upgrade: boolean;
  time_zone: string;
};

/** A new company: both dates today (YYYY-MM-DD in), everything else empty, the default time zone. */
export function newCompanyForm(today: string, timeZone: string): CompanyFormValues {
  return {
    image_path: '',
    title: '',
    initial_code: '',
    description: '',
    start_date: formatCompanyDate(today),
    end_date: formatCompanyDate(today),
    rvs_upgrade: false,
    time_zone: timeZone,
  };
}

/** An existing company as the dialog shows it. */
export function companyFormValues(company: Company): CompanyFormValues {
  return {
    image_path: company.image_path ?? '',
    title: company.title,
    initial_code: company.initial_code,
    description: company.description,
    start_date: formatCompanyDate(company.start_date),
    end_date: formatCompanyDate(company.end_date),
    rvs_upgrade: company.rvs_upgrade,
    time_zone: company.time_zone,
  };
}
