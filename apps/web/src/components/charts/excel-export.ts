import { EXCEL_HEADER } from './chart-logic.ts';

/** Sheet names are at most 31 characters and never contain : \ / ? * [ ]. */
function safeSheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

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
  const sheet = workbook.addWorksheet(safeSheetName(sheetName));
  sheet.addRow([...header]);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 20 : 14;
  });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** A sheet of a several-sheet export. */
export interface ExcelSheet {
  name: string;
  header: ExcelCells;
  rows: readonly ExcelCells[];
}

/** A workbook of several sheets (e.g. the MCA spectrum's IA, IB, IC), each with a bold header row. */
export async function excelWorkbookSheets(sheets: readonly ExcelSheet[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  for (const one of sheets) {
    const sheet = workbook.addWorksheet(safeSheetName(one.name));
    sheet.addRow([...one.header]);
    sheet.getRow(1).font = { bold: true };
    for (const row of one.rows) sheet.addRow([...row]);
  }
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Downloads several sheets in one workbook; nothing to export does nothing (spec 02 §8). */
export async function downloadExcelSheets(fileName: string, sheets: readonly ExcelSheet[]): Promise<void> {
  if (sheets.every((sheet) => sheet.rows.length === 0)) return;
  saveWorkbook(fileName, await excelWorkbookSheets(sheets));
}

function saveWorkbook(fileName: string, buffer: ArrayBuffer): void {
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
  saveWorkbook(fileName, await excelWorkbook(sheetName, rows, header));
}
