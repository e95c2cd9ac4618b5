import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { isValidIsoDate } from '../../../src/domain/dates';
import { JobFailure } from '../job-context';

export interface CsvRecord {
  /** The file's line number of the row (the header is line 1), for error messages. */
  line: number;
  values: Record<string, string>;
}

const normalise = (header: string) => header.trim().toLowerCase().replace(/[^a-z0-9]/g, '');

/** Bounds of one uploaded CSV: rows, and characters in one row. */
export const MAX_CSV_ROWS = 100_000;
const MAX_CSV_RECORD_CHARS = 64 * 1024;
/** The parser is fed this much at a time, and other requests get their turn in between. */
const FEED_BYTES = 64 * 1024;

async function* feed(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += FEED_BYTES) {
    yield bytes.subarray(i, i + FEED_BYTES);
    await yieldToEventLoop();
  }
}

/** A cell we wrote with the formula guard (see `cell`) reads back as it was. */
const unguard = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * Parses an uploaded CSV with a header row, as a stream fed in slices so a large file
 * never holds the event loop; more than MAX_CSV_ROWS rows fail the job. Headers are
 * matched loosely (case, spaces and punctuation ignored: 'Product Code' = 'productCode');
 * the required ones must be there.
 */
export async function readCsv(bytes: Buffer, required: string[]): Promise<CsvRecord[]> {
  const rows: string[][] = [];
  const source = Readable.from(feed(bytes));
  const parser = source.pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, max_record_size: MAX_CSV_RECORD_CHARS }),
  );
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      if (rows.length > MAX_CSV_ROWS) {
        throw new JobFailure(`The file has more than ${MAX_CSV_ROWS} rows`, { errors: [`The file has more than ${MAX_CSV_ROWS} rows`] });
      }
      rows.push(row.map(unguard));
    }
  } catch (error) {
    if (error instanceof JobFailure) throw error;
    throw new JobFailure(`The file is not a valid CSV file: ${(error as Error).message}`, { errors: [] });
  } finally {
    source.destroy();
  }
  const [header, ...data] = rows;
  if (!header) throw new JobFailure('The file is empty', { errors: [] });
  const names = header.map(normalise);
  const missing = required.filter((r) => !names.includes(normalise(r)));
  if (missing.length) throw new JobFailure(`Missing columns: ${missing.join(', ')}`, { errors: [`Missing columns: ${missing.join(', ')}`] });
  return data.map((cells, i) => ({
    line: i + 2,
    values: Object.fromEntries(names.map((name, c) => [name, cells[c] ?? ''])),
  }));
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
 * A text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe, which spreadsheets show as text; numbers (also as text) are written as they are.
 */
function cell(value: string | number | null | undefined): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(raw) && !/^[+-]?\d+(\.\d+)?$/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: Array<string | number | null | undefined>): string {
  return `${values.map(cell).join(',')}\r\n`;
}
