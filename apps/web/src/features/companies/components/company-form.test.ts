import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { type CompanyFormValues, companyFormSchema, newCompanyForm } from './company-form.ts';

const valid: CompanyFormValues = {
  image_path: '/api/v1/files/companys/logo-1-ab.png',
  title: ' Acme Energy ',
  initial_code: 'acme1',
  description: '',
  start_date: '01/01/2026',
  end_date: '31/12/2026',
  rvs_upgrade: false,
  time_zone: 'Asia/Bangkok',
};

function check(values: Partial<CompanyFormValues>) {
  return companyFormSchema(i18next.t).safeParse({ ...valid, ...values });
}

/** The first message of each field, the one the form shows. */
function messages(values: Partial<CompanyFormValues>): Record<string, string | undefined> {
  const result = check(values);
  const first: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues)
    first[issue.path.join('.')] ??= issue.message;
  return first;
}

beforeAll(() => {
  initI18n();
});

describe('company form', () => {
  it('starts a new company on today for both dates, shown DD/MM/YYYY, in the default time zone', () => {
    expect(newCompanyForm('2026-03-09', 'Asia/Bangkok')).toMatchObject({
      start_date: '09/03/2026',
      end_date: '09/03/2026',
      time_zone: 'Asia/Bangkok',
    });
  });

  it('sends dates as YYYY-MM-DD, the initial code upper-case and the title trimmed', () => {
    const result = check({});
    expect(result.success && result.data).toMatchObject({
      title: 'Acme Energy',
      initial_code: 'ACME1',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
  });

  it('accepts a company that starts and ends on the same day', () => {
    expect(check({ start_date: '05/05/2026', end_date: '05/05/2026' }).success).toBe(true);
  });

  it('refuses a start date after the end date, on both fields', () => {
    expect(messages({ start_date: '02/01/2027', end_date: '01/01/2027' })).toEqual({
      start_date: 'The start date may not be after the end date.',
      end_date: 'The end date may not be before the start date.',
    });
  });

  it('refuses a date that is not DD/MM/YYYY or not on the calendar', () => {
    expect(messages({ start_date: '2026-01-01' }).start_date).toBe('Enter a date as DD/MM/YYYY.');
    expect(messages({ end_date: '31/02/2026' }).end_date).toBe('Enter a date as DD/MM/YYYY.');
  });

  it('takes letters and digits only in the initial code', () => {
    expect(messages({ initial_code: 'AC-ME' }).initial_code).toBe('Letters and digits only.');
    expect(messages({ initial_code: 'ÄCME' }).initial_code).toBe('Letters and digits only.');
  });

  it("requires the image, the title and the initial code: 'This field is required.'", () => {
    expect(messages({ image_path: '', title: '  ', initial_code: '' })).toMatchObject({
      image_path: 'This field is required.',
      title: 'This field is required.',
      initial_code: 'This field is required.',
    });
  });
});
