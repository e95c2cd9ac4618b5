import { readCsvRows } from '../readers/csv-rows';
import type { PackedTable } from '../readers/table-rows';
import { readXlsxRows } from '../readers/xlsx-rows';

export interface ReadSpreadsheetInput {
  /** The uploaded file: .xlsx (recognised by its zip signature) or CSV. */
  bytes: Uint8Array;
}

export interface ReadSpreadsheetOutput {
  /** The non-empty rows of the first sheet (or the CSV), the header first, cells as trimmed text: unpack with `tableRows`. */
  table: PackedTable;
}

const isZip = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Reads an uploaded table under TABLE_LIMITS (and XLSX_LIMITS for a zip): rows, columns,
 * cell and row sizes, unpacked sizes. Refuses with the first limit passed.
 */
export async function readSpreadsheet(input: ReadSpreadsheetInput): Promise<ReadSpreadsheetOutput> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  return { table: isZip(bytes) ? await readXlsxRows(bytes) : readCsvRows(bytes) };
}
