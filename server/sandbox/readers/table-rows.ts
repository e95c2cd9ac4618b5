import { TABLE_LIMITS } from '../limits';
import { TaskRefusal } from '../sandbox-error';

/** One non-empty row of an uploaded table: the file's own row number (1 = the header's) and its cells as trimmed text. */
export interface TableRow {
  line: number;
  cells: string[];
}

/**
 * A table as it crosses from the sandbox to the main thread: each distinct text once, and
 * the cells as indexes into them. Copying it costs the main thread the distinct texts and
 * three typed arrays, not a string and an object per cell and row; `tableRows` unpacks it
 * row by row, so the main thread can take turns with other requests while it does.
 */
export interface PackedTable {
  strings: string[];
  /** Row after row, each cell's index into `strings`. */
  cells: Int32Array;
  /** Cells of each row. */
  widths: Int32Array;
  /** The file's row number of each row. */
  lines: Int32Array;
}

const refuse = (message: string) => new TaskRefusal(message, { errors: [message] });

export const tooManyRows = () => refuse(`The file has more than ${TABLE_LIMITS.maxRows} rows`);

export const tooManyCells = () => refuse(`The file has more than ${TABLE_LIMITS.maxCells} cells`);

export const tooManyColumns = (line: number) => refuse(`Row ${line} has more than ${TABLE_LIMITS.maxColumns} columns`);

export const lineTooLong = (line: number) => refuse(`Row ${line} is longer than ${TABLE_LIMITS.maxLineBytes / 1024} KiB`);

export const cellTooLong = (line?: number) =>
  refuse(`${line === undefined ? 'The file' : `Row ${line}`} has a cell longer than ${TABLE_LIMITS.maxCellChars} characters`);

/** A growable list of 32-bit integers (a typed array's memory, not one heap number each). */
class IntList {
  private data = new Int32Array(1024);
  length = 0;

  push(n: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = n;
  }

  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * Collects the rows of a table as a reader finds them and enforces the limits every
 * format shares: rows, columns, cells, characters in a cell and bytes in a row.
 */
export class TableCollector {
  private readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly cells = new IntList();
  private readonly widths = new IntList();
  private readonly lines = new IntList();

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
    if (this.lines.length > TABLE_LIMITS.maxRows) throw tooManyRows();
    if (this.cells.length + last > TABLE_LIMITS.maxCells) throw tooManyCells();
    for (let i = 0; i < last; i++) this.cells.push(this.idOf(trimmed[i]!));
    this.widths.push(last);
    this.lines.push(line);
  }

  packed(): PackedTable {
    return { strings: this.strings, cells: this.cells.toArray(), widths: this.widths.toArray(), lines: this.lines.toArray() };
  }

  private idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(text);
      this.ids.set(text, id);
    }
    return id;
  }
}

/** The rows of a packed table, one at a time. */
export function* tableRows(table: PackedTable): Generator<TableRow> {
  let offset = 0;
  for (let row = 0; row < table.widths.length; row++) {
    const width = table.widths[row]!;
    const cells = new Array<string>(width);
    for (let c = 0; c < width; c++) cells[c] = table.strings[table.cells[offset + c]!]!;
    offset += width;
    yield { line: table.lines[row]!, cells };
  }
}
