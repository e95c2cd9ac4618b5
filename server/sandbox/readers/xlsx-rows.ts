import { TABLE_LIMITS } from '../limits';
import { TaskRefusal } from '../sandbox-error';
import { cellTooLong, TableCollector, tooManyColumns, type PackedTable } from './table-rows';
import { attribute, streamXml } from './xml-stream';
import { openZip, type ZipArchive } from './zip-entries';

const invalid = (why: string) => new TaskRefusal(`The file is not a valid spreadsheet: ${why}`, { errors: [] });

const REL_SHEET = '/worksheet';
const REL_SHARED_STRINGS = '/sharedStrings';
const REL_STYLES = '/styles';

/** Built-in number formats that show a date (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A custom format shows a date when, outside quoted text and [colour] parts, it has a day, month, year or hour. */
const isDateFormat = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

async function readPart(zip: ZipArchive, name: string, handlers: Parameters<typeof streamXml>[1]): Promise<boolean> {
  const stream = await zip.open(name);
  if (!stream) return false;
  try {
    await streamXml(stream, handlers);
  } catch (error) {
    if (error instanceof TaskRefusal) throw error;
    throw invalid(`${name}: ${(error as Error).message}`);
  }
  return true;
}

/** The part a relationship target names, relative to xl/ unless it starts at the root. */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/\/\.\//g, '/');

interface Workbook {
  sheet: string;
  sharedStrings: string | null;
  styles: string | null;
  date1904: boolean;
}

async function readWorkbook(zip: ZipArchive): Promise<Workbook> {
  let firstSheetId: string | undefined;
  let date1904 = false;
  const found = await readPart(zip, 'xl/workbook.xml', {
    open(name, attrs) {
      if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attribute(attrs, 'id', true);
      if (name === 'workbookPr') date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
    },
  });
  if (!found || !firstSheetId) throw invalid('it has no sheet');
  const targets = new Map<string, { type: string; target: string }>();
  await readPart(zip, 'xl/_rels/workbook.xml.rels', {
    open(name, attrs) {
      if (name === 'Relationship' && attrs.Id && attrs.Target) targets.set(attrs.Id, { type: attrs.Type ?? '', target: attrs.Target });
    },
  });
  const sheet = targets.get(firstSheetId);
  if (!sheet || !sheet.type.endsWith(REL_SHEET)) throw invalid('its first sheet is missing');
  const byType = (suffix: string) => [...targets.values()].find((t) => t.type.endsWith(suffix));
  const shared = byType(REL_SHARED_STRINGS);
  const styles = byType(REL_STYLES);
  return { sheet: partName(sheet.target), sharedStrings: shared ? partName(shared.target) : null, styles: styles ? partName(styles.target) : null, date1904 };
}

/** The shared strings, each the text of its runs (phonetic guides left out). */
async function readSharedStrings(zip: ZipArchive, name: string | null): Promise<string[]> {
  const strings: string[] = [];
  if (!name) return strings;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await readPart(zip, name, {
    open(tag) {
      if (tag === 'si') current = [];
      else if (tag === 'rPh') phonetic++;
      else if (tag === 't' && phonetic === 0) inText = true;
    },
    close(tag) {
      if (tag === 'si' && current) {
        const text = current.join('');
        if (text.length > TABLE_LIMITS.maxCellChars) throw cellTooLong();
        strings.push(text);
        current = null;
      } else if (tag === 'rPh') phonetic--;
      else if (tag === 't') inText = false;
    },
    text(text) {
      if (inText && current) current.push(text);
    },
  });
  return strings;
}

/** For each cell style (the `s` of a cell), whether it shows a number as a date. */
async function readDateStyles(zip: ZipArchive, name: string | null): Promise<boolean[]> {
  const styles: boolean[] = [];
  if (!name) return styles;
  const custom = new Map<number, boolean>();
  let inCellXfs = false;
  await readPart(zip, name, {
    open(tag, attrs) {
      if (tag === 'numFmt') custom.set(Number(attrs.numFmtId), isDateFormat(attrs.formatCode ?? ''));
      else if (tag === 'cellXfs') inCellXfs = true;
      else if (tag === 'xf' && inCellXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        styles.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close(tag) {
      if (tag === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** 'XFD' -> 16384; stops counting past the limit, so a long reference costs nothing. */
function columnNumber(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
    if (n > TABLE_LIMITS.maxColumns) return n;
  }
  return n;
}

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

function serialDate(serial: number, date1904: boolean): string {
  const ms = (date1904 ? EPOCH_1904 : EPOCH_1900) + Math.round(serial * DAY_MS);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : String(serial);
}

interface CellState {
  type: string;
  style: number;
  column: number;
  value: string[];
  chars: number;
  inValue: boolean;
  inInline: boolean;
}

/**
 * Streams the first sheet's rows: only the cells that hold a value are kept, at the column
 * their reference names; a value right of the column limit fails the file at once, so a
 * cell in column XFD costs one check, not sixteen thousand empty cells a row.
 */
async function readSheet(zip: ZipArchive, book: Workbook, shared: string[], dates: boolean[]): Promise<PackedTable> {
  const table = new TableCollector();
  let line = 0;
  let cells: string[] = [];
  let cell: CellState | null = null;
  let nextColumn = 1;
  const text = (c: CellState): string => {
    const raw = c.value.join('');
    switch (c.type) {
      case 's':
        return shared[Number(raw)] ?? '';
      case 'b':
        return raw === '1' ? 'true' : raw === '0' ? 'false' : raw;
      case 'e':
        return '';
      case 'str':
      case 'inlineStr':
        return raw;
      case 'd':
        return raw.slice(0, 10);
      default: {
        if (raw === '') return '';
        const n = Number(raw);
        if (!Number.isFinite(n)) return raw;
        return dates[c.style] ? serialDate(n, book.date1904) : String(n);
      }
    }
  };
  const found = await readPart(zip, book.sheet, {
    open(tag, attrs) {
      if (tag === 'row') {
        line = attrs.r ? Number(attrs.r) : line + 1;
        cells = [];
        nextColumn = 1;
      } else if (tag === 'c') {
        const column = attrs.r ? columnNumber(attrs.r) : nextColumn;
        nextColumn = column + 1;
        cell = { type: attrs.t ?? 'n', style: Number(attrs.s ?? 0), column, value: [], chars: 0, inValue: false, inInline: false };
      } else if (cell && (tag === 'v' || (tag === 't' && cell.inInline))) cell.inValue = true;
      else if (cell && tag === 'is') cell.inInline = true;
    },
    close(tag) {
      if (tag === 'c' && cell) {
        const value = text(cell);
        if (value.trim()) {
          if (cell.column > TABLE_LIMITS.maxColumns) throw tooManyColumns(line);
          while (cells.length < cell.column - 1) cells.push('');
          cells[cell.column - 1] = value;
        }
        cell = null;
      } else if (cell && (tag === 'v' || tag === 't')) cell.inValue = false;
      else if (tag === 'row') table.add(line, cells);
    },
    text(chunk) {
      if (cell?.inValue) {
        cell.chars += chunk.length;
        if (cell.chars > TABLE_LIMITS.maxCellChars) throw cellTooLong(line);
        cell.value.push(chunk);
      }
    },
  });
  if (!found) throw invalid('its first sheet is missing');
  return table.packed();
}

/** The first sheet of an .xlsx file, read part by part from a zip whose directory passed its limits first. */
export async function readXlsxRows(bytes: Buffer): Promise<PackedTable> {
  const zip = await openZip(bytes);
  try {
    const book = await readWorkbook(zip);
    const shared = await readSharedStrings(zip, book.sharedStrings);
    const dates = await readDateStyles(zip, book.styles);
    return await readSheet(zip, book, shared, dates);
  } finally {
    zip.close();
  }
}
