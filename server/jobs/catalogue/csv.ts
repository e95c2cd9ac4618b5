import { stringify } from 'csv-stringify/sync';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isValidIsoDate } from '../../../src/domain/dates';
import { tableRows, type PackedTable } from '../../sandbox/readers/table-rows';
import { JobFailure } from '../job-context';
import { guardCsvText, unguardText } from './formula-guard';

export interface CsvRecord {
  /** The file's line number of the row (the header is line 1), for error messages. */
  line: number;
  values: Record<string, string>;
}

const normalise = (header: string) => header.trim().toLowerCase().replace(/[^a-z0-9]/g, '');

/** Rows handled between two turns of other requests, wherever a loop walks a whole upload on the main thread. */
export const ROWS_PER_TURN = 2_000;

/**
 * The records of a table the sandbox read (`read-spreadsheet`: CSV or XLSX alike), so
 * headers, required columns and line numbers follow one set of rules whatever the format.
 * Headers are matched loosely (case, spaces and punctuation ignored: 'Product Code' =
 * 'productCode'); the required ones must be there. A cell we wrote with the formula guard
 * reads back as it was. Other requests get their turn every ROWS_PER_TURN rows.
 */
export async function tableRecords(table: PackedTable, required: readonly string[]): Promise<CsvRecord[]> {
  const rows = tableRows(table);
  const header = rows.next();
  if (header.done) throw new JobFailure('The file is empty', { errors: [] });
  const names = header.value.cells.map(normalise);
  const missing = required.filter((r) => !names.includes(normalise(r)));
  if (missing.length) throw new JobFailure(`Missing columns: ${missing.join(', ')}`, { errors: [`Missing columns: ${missing.join(', ')}`] });
  const records: CsvRecord[] = [];
  for (const row of rows) {
    if (records.length % ROWS_PER_TURN === ROWS_PER_TURN - 1) await yieldToEventLoop();
    records.push({ line: row.line, values: Object.fromEntries(names.map((name, c) => [name, unguardText(row.cells[c] ?? '')])) });
  }
  return records;
}

export const col = (record: CsvRecord, name: string) => record.values[normalise(name)] ?? '';

/** Field checks that collect row errors instead of stopping at the first. */
export class RowErrors {
  readonly errors: string[] = [];

  add(line: number, message: string): void {
    this.errors.push(`Row ${line}: ${message}`);
  }

  text(line: number, field: string, value: string, max?: number): string {
    if (!value) this.add(line, `${field} is required`);
    else if (max !== undefined && value.length > max) this.add(line, `${field} must be at most ${max} characters`);
    return value;
  }

  integer(line: number, field: string, value: string, opts: { optional?: boolean; min?: number } = {}): number | null {
    if (!value) {
      if (!opts.optional) this.add(line, `${field} is required`);
      return null;
    }
    if (!/^-?\d+$/.test(value)) {
      this.add(line, `${field} must be a whole number`);
      return null;
    }
    const n = Number(value);
    if (opts.min !== undefined && n < opts.min) this.add(line, `${field} must be at least ${opts.min}`);
    return n;
  }

  price(line: number, field: string, value: string): number {
    const n = Number(value);
    if (!value || !Number.isFinite(n) || n < 0) {
      this.add(line, `${field} must be a number not below 0`);
      return 0;
    }
    return Math.round(n * 10000) / 10000;
  }

  date(line: number, field: string, value: string): string {
    if (!value || !isValidIsoDate(value)) this.add(line, `${field} must be a date written YYYY-MM-DD`);
    return value.slice(0, 10);
  }

  /** All or nothing: a file with any bad row changes nothing. */
  throwIfAny(what: string, rowCount: number): void {
    if (this.errors.length === 0) return;
    const n = this.errors.length;
    throw new JobFailure(`${what}: ${n} ${n === 1 ? 'row has an error' : 'rows have errors'}, nothing was imported`, {
      rows: rowCount,
      errors: this.errors.slice(0, 200),
      errorCount: n,
    });
  }
}

/**
 * One CSV record (CRLF-terminated, csv-stringify's quoting): text that a spreadsheet would
 * run as a formula is guarded (formula-guard.ts), numbers are written as they are. A value
 * with a line break, or leading or trailing space, is quoted too: csv-stringify by itself
 * quotes only delimiters and quotes, and a bare line break would end the record.
 */
export function csvLine(values: Array<string | number | null | undefined>): string {
  const cells = values.map((value) => (typeof value === 'string' ? guardCsvText(value) : value));
  return stringify([cells], { record_delimiter: 'windows', quoted_match: /[\r\n]|^\s|\s$/ });
}
