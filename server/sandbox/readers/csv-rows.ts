import { parse } from 'csv-parse/sync';
import { TABLE_LIMITS } from '../limits';
import { TaskRefusal } from '../sandbox-error';
import { lineTooLong, TableCollector, tooManyCells, tooManyColumns, tooManyRows, type PackedTable } from './table-rows';

const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

/**
 * One pass over the bytes before the parser sees them: counts the fields and bytes of
 * every record (quoted line breaks and commas included, as the parser will read them), the
 * records and all their fields, and stops at the first that passes a limit. The parser's own record limit
 * counts field characters only, so a line of a million commas would pass it.
 */
function checkShape(bytes: Buffer): void {
  let inQuotes = false;
  let fields = 1;
  let start = 0;
  // Rows as a spreadsheet shows them: a quoted line break stays in its row, an empty line is a row.
  let row = 1;
  let records = 0;
  let cells = 0;
  let blank = true;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) inQuotes = !inQuotes;
    else if (b === COMMA && !inQuotes) {
      if (++fields > TABLE_LIMITS.maxColumns) throw tooManyColumns(row);
    } else if (b === NEWLINE && !inQuotes) {
      if (!blank && ++records > TABLE_LIMITS.maxRows + 1) throw tooManyRows();
      // The parser makes every field a string, trailing empty ones too.
      if (!blank && (cells += fields) > TABLE_LIMITS.maxCells) throw tooManyCells();
      fields = 1;
      start = i + 1;
      row++;
      blank = true;
      continue;
    }
    if (b !== 0x0d) blank = false;
    if (i - start >= TABLE_LIMITS.maxLineBytes) throw lineTooLong(row);
  }
}

/** What csv-parse tells of each record: its count so far and the empty lines it skipped. */
interface ParseInfo {
  records: number;
  empty_lines: number;
}

/** The rows of a CSV file with their row numbers as a spreadsheet shows them, every limit checked before parsing. */
export function readCsvRows(bytes: Buffer): PackedTable {
  checkShape(bytes);
  let records: Array<{ record: string[]; info: ParseInfo }>;
  try {
    records = parse(bytes, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: TABLE_LIMITS.maxLineBytes,
      info: true,
    }) as unknown as Array<{ record: string[]; info: ParseInfo }>;
  } catch (error) {
    throw new TaskRefusal(`The file is not a valid CSV file: ${(error as Error).message}`, { errors: [] });
  }
  const table = new TableCollector();
  for (const { record, info } of records) table.add(info.records + info.empty_lines, record);
  return table.packed();
}
