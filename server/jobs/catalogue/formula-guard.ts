/**
 * Formula injection in files we write: a cell that starts with = + - @ (or a tab or a
 * carriage return) must never become a formula when a spreadsheet opens the file. In
 * CSV such text gets a leading apostrophe (the OWASP advice); our own readers take it
 * off again, so a file we wrote uploads back unchanged. (.xlsx: see spreadsheet.ts.)
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain signed number ('-5', '+1.5') is a value, not a formula: it stays as written. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function guardCsvText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Reverses guardCsvText on a cell read back from a file we wrote. */
export function unguardText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

