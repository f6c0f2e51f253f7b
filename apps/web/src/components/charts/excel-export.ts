import { EXCEL_HEADER } from './chart-logic.ts';

/** A row of an export: text, numbers and empty cells. */
export type ExcelCells = readonly (string | number | null)[];

/**
 * The workbook of an export: one sheet named after the chart, a bold header row (the time series header unless
 * another is given), then the rows.
 */
export async function excelWorkbook(
  sheetName: string,
  rows: readonly ExcelCells[],
  header: ExcelCells = EXCEL_HEADER,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // Sheet names are at most 31 characters and never contain : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1');
  sheet.addRow([...header]);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 20 : 14;
  });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/**
 * Writes the rows into a one-sheet workbook and downloads it. ExcelJS is imported on demand, so it stays out of
 * the first download. Nothing to export does nothing (spec 02 §8).
 */
export async function downloadExcel(
  fileName: string,
  sheetName: string,
  rows: readonly ExcelCells[],
  header: ExcelCells = EXCEL_HEADER,
): Promise<void> {
  if (rows.length === 0) return;
  const buffer = await excelWorkbook(sheetName, rows, header);
  const url = URL.createObjectURL(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
