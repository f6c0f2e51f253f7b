const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the recommendation file picker offers: the Excel workbook the server reads (.xlsx). */
export const RECOMMENDATION_ACCEPT = `.xlsx,${XLSX_TYPE}`;

/**
 * Whether a chosen file is an Excel workbook by its name and type ('Please upload file excel' otherwise). The
 * server reads the workbook itself; this only saves an upload that would be refused.
 */
export function isExcelFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.xlsx$/i.test(file.name) && (file.type === '' || file.type === XLSX_TYPE);
}
