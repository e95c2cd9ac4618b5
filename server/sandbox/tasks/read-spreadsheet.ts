import ExcelJS from 'exceljs';
import { TaskRefusal } from '../sandbox-error';

export interface ReadSpreadsheetInput {
  /** The uploaded .xlsx file. */
  bytes: Uint8Array;
}

export interface ReadSpreadsheetOutput {
  /** The first sheet's rows, every cell as trimmed text; an empty row is an empty array. */
  rows: string[][];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/** The rows of the first sheet of an .xlsx upload, as text. */
export async function readSpreadsheet(input: ReadSpreadsheetInput): Promise<ReadSpreadsheetOutput> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength) as unknown as ArrayBuffer);
  } catch (error) {
    throw new TaskRefusal(`The file is not a valid spreadsheet: ${(error as Error).message}`, { errors: [] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new TaskRefusal('The file is empty', { errors: [] });
  // columnCount walks every row: read once, not once per cell.
  const columns = sheet.columnCount;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= columns; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells.some(Boolean) ? cells : []);
  });
  return { rows };
}
