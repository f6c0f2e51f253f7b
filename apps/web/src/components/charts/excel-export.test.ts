import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXCEL_HEADER, type ExcelRow } from './chart-logic.ts';
import { excelWorkbook } from './excel-export.ts';

describe('excelWorkbook', () => {
  it('writes a workbook that reads back with the header and the rows shown', async () => {
    const rows: ExcelRow[] = [
      ['2026-11-01 08:00:00', 'Top oil temperature', 85, '°C', 80, 90, 1],
      ['2026-11-01 09:00:00', 'Top oil temperature', 95.5, '°C', 80, 90, 2],
    ];
    const buffer = await excelWorkbook('Top oil temperature [°C] / TX1', rows);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    expect(sheet.name).toBe('Top oil temperature  °C    TX1');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...EXCEL_HEADER]);
    expect(values(2)).toEqual(rows[0]);
    expect(values(3)).toEqual(rows[1]);
    expect(sheet.rowCount).toBe(3);
  });
});
