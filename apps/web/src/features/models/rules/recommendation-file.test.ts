import { describe, expect, it } from 'vitest';
import { isExcelFile } from './recommendation-file.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the recommendation file', () => {
  it('takes an .xlsx workbook, with or without a type from the browser', () => {
    expect(isExcelFile({ name: 'messages.xlsx', type: XLSX })).toBe(true);
    expect(isExcelFile({ name: 'MESSAGES.XLSX', type: '' })).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isExcelFile({ name: 'messages.csv', type: 'text/csv' })).toBe(false);
    expect(isExcelFile({ name: 'messages.xlsx', type: 'image/png' })).toBe(false);
    expect(isExcelFile({ name: 'messages.pdf', type: 'application/pdf' })).toBe(false);
  });
});
