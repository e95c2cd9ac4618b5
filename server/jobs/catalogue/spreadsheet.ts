import ExcelJS from 'exceljs';
import type { JobContext } from '../job-context';
import { runJobTask } from '../job-limits';
import { tableRecords, type CsvRecord } from './csv';

/**
 * The spreadsheets buyers open in Excel: templates and catalogue exports are written
 * as .xlsx (codes stay text, so leading zeros survive; dates are dates; the header is
 * frozen) and uploads are read from .xlsx or .csv alike, in the sandbox.
 *
 * Formula injection (see formula-guard.ts for CSV): every text cell is written as a
 * string value in a column formatted as Text ('@'), so Excel neither evaluates one that
 * starts with = + - @ on opening nor when the user edits the cell.
 */
type ColumnKind = 'text' | 'number' | 'date' | 'yesNo';

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

/**
 * The records of an uploaded table, .xlsx or .csv, read in the sandbox under its limits
 * (server/sandbox/limits.ts) and checked here for its header and required columns.
 */
export async function readTable(ctx: JobContext, bytes: Buffer, required: string[]): Promise<CsvRecord[]> {
  const { table } = await runJobTask(ctx, 'read-spreadsheet', { bytes });
  return tableRecords(table, required);
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
