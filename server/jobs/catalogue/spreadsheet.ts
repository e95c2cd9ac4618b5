import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { readCsv, type CsvRecord } from './csv';
import { JobFailure } from '../job-context';
import { unguardText } from './formula-guard';

/**
 * The spreadsheets buyers open in Excel: templates and catalogue exports are written
 * as .xlsx (codes stay text, so leading zeros survive; dates are dates; the header is
 * frozen) and uploads are read from .xlsx or .csv alike.
 *
 * Formula injection (see formula-guard.ts for CSV): every text cell is written as a
 * string value in a column formatted as Text ('@'), so Excel neither evaluates one that
 * starts with = + - @ on opening nor when the user edits the cell.
 */
export type ColumnKind = 'text' | 'number' | 'date' | 'yesNo';

export interface SheetColumn {
  header: string;
  kind: ColumnKind;
  width?: number;
}

export type SheetCell = string | number | Date | null | undefined;

const TEXT_FORMAT = '@';
const DATE_FORMAT = 'yyyy-mm-dd';

/** A date cell from 'YYYY-MM-DD…' text; anything else stays as it is (the reader checks it). */
export function sheetDate(value: string | null | undefined): Date | string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : value;
}

function cellValue(kind: ColumnKind, value: SheetCell): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'number') return typeof value === 'number' ? value : String(value);
  if (kind === 'date') return value;
  // Text stays a plain string value: never a formula object, whatever it starts with.
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

/** One sheet with a frozen, bold header; text columns formatted as Text; a Y/N list on yesNo columns. */
export async function writeXlsx(sheetName: string, columns: readonly SheetColumn[], rows: Iterable<SheetCell[]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 2),
    style: c.kind === 'date' ? { numFmt: DATE_FORMAT } : c.kind === 'number' ? {} : { numFmt: TEXT_FORMAT },
  }));
  sheet.getRow(1).font = { bold: true };
  let count = 1;
  for (const cells of rows) {
    sheet.addRow(columns.map((c, i) => cellValue(c.kind, cells[i])));
    count++;
  }
  columns.forEach((c, i) => {
    if (c.kind !== 'yesNo') return;
    const letter = sheet.getColumn(i + 1).letter;
    // One validation over the whole column (and room to add rows), not one per cell.
    (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(`${letter}2:${letter}${Math.max(count, 2) + 1000}`, {
      type: 'list',
      allowBlank: false,
      formulae: ['"Y,N"'],
      showErrorMessage: true,
      errorTitle: c.header,
      error: `${c.header} must be Y or N`,
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

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

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new JobFailure(`The file is not a valid spreadsheet: ${(error as Error).message}`, { errors: [] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new JobFailure('The file is empty', { errors: [] });
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    // An empty row becomes an empty line, which the reader skips as it does in a CSV file.
    rows.push(cells.some(Boolean) ? cells : []);
  });
  return rows;
}

/**
 * The rows of an uploaded table, .xlsx (recognised by its zip signature) or .csv. A
 * sheet goes through the same CSV reader, so headers, required columns and line
 * numbers follow one set of rules whatever the format.
 */
export async function readTable(bytes: Buffer, required: string[]): Promise<CsvRecord[]> {
  const source = isZip(bytes) ? Buffer.from(stringify(await xlsxRows(bytes)), 'utf8') : bytes;
  return (await readCsv(source, required)).map((r) => ({
    ...r,
    values: Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, unguardText(v)])),
  }));
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
