import { TABLE_LIMITS } from '../limits';
import { TaskRefusal } from '../sandbox-error';

/** One non-empty row of an uploaded table: the file's own row number (1 = the header's) and its cells as trimmed text. */
export interface TableRow {
  line: number;
  cells: string[];
}

const refuse = (message: string) => new TaskRefusal(message, { errors: [message] });

export const tooManyRows = () => refuse(`The file has more than ${TABLE_LIMITS.maxRows} rows`);

export const tooManyColumns = (line: number) => refuse(`Row ${line} has more than ${TABLE_LIMITS.maxColumns} columns`);

export const lineTooLong = (line: number) => refuse(`Row ${line} is longer than ${TABLE_LIMITS.maxLineBytes / 1024} KiB`);

export const cellTooLong = (line?: number) =>
  refuse(`${line === undefined ? 'The file' : `Row ${line}`} has a cell longer than ${TABLE_LIMITS.maxCellChars} characters`);

/**
 * Collects the rows of a table as a reader finds them and enforces the limits every
 * format shares: rows, columns, characters in a cell and bytes in a row.
 */
export class TableCollector {
  readonly rows: TableRow[] = [];

  add(line: number, cells: string[]): void {
    const trimmed = cells.map((c) => c.trim());
    let last = trimmed.length;
    while (last > 0 && !trimmed[last - 1]) last--;
    if (last === 0) return;
    if (last > TABLE_LIMITS.maxColumns) throw tooManyColumns(line);
    let bytes = 0;
    for (let i = 0; i < last; i++) {
      const cell = trimmed[i]!;
      if (cell.length > TABLE_LIMITS.maxCellChars) throw cellTooLong(line);
      bytes += Buffer.byteLength(cell);
    }
    if (bytes > TABLE_LIMITS.maxLineBytes) throw lineTooLong(line);
    // The header plus maxRows rows.
    if (this.rows.length > TABLE_LIMITS.maxRows) throw tooManyRows();
    this.rows.push({ line, cells: trimmed.slice(0, last) });
  }
}
