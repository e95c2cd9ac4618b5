import { availableParallelism } from 'node:os';

/**
 * Every limit on untrusted files, in one place (docs/limits.md lists them for users and
 * operators). The upload itself is capped at MAX_UPLOAD_BYTES (src/domain/constants.ts).
 */

/** The limits one sandboxed task runs under; a task that passes one is killed and fails. */
export interface SandboxLimits {
  /** Wall time from the moment a worker starts the task (its module loaded). */
  timeMs: number;
  /** The worker's V8 heap (`resourceLimits.maxOldGenerationSizeMb`). */
  memoryMb: number;
  /** The task's answer, measured as the bytes it takes to send it to the main thread. */
  maxOutputBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeMs: 60_000,
  memoryMb: 256,
  maxOutputBytes: 64 * 1024 * 1024,
};

/**
 * Workers kept at most. Every worker can hold a core for a whole time limit, so with
 * 2 cores two workers leave the event loop a fair share of the CPU, and one hostile
 * file never holds every other file back; bigger machines get up to four.
 */
export const SANDBOX_POOL_SIZE = Math.max(2, Math.min(4, availableParallelism() - 1));

/** Tables (price files, pricelist prices, templates, category trees), CSV or XLSX alike. */
export const TABLE_LIMITS = {
  /** Data rows below the header. */
  maxRows: 100_000,
  /** Columns of one row; an XLSX cell with a value further right fails the file. */
  maxColumns: 256,
  /** Characters of one cell (Excel's own limit is 32,767). */
  maxCellChars: 32_767,
  /** Bytes of one row: a CSV line (quoted line breaks included) or an XLSX row's text. */
  maxLineBytes: 64 * 1024,
  /** Cells of the whole table, empty ones left of a value included (100,000 rows of 50 columns). */
  maxCells: 5_000_000,
} as const;

/** The zip container of an XLSX file, checked from its central directory before anything is inflated. */
export const XLSX_LIMITS = {
  /** Entries in the zip. */
  maxEntries: 2_000,
  /** Unpacked bytes of one entry that is read (the sheet, shared strings, styles, workbook). */
  maxEntryBytes: 128 * 1024 * 1024,
  /** Unpacked bytes of all entries the zip declares, read or not. */
  maxTotalBytes: 256 * 1024 * 1024,
  /** Unpacked size over packed size, for any entry larger than `ratioFloorBytes` unpacked. */
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
} as const;

/** A job that is still running after this long is failed when it next checks its clock (between write batches). */
export const JOB_TIME_LIMIT_MS = 10 * 60 * 1000;

/** A job started this many times (each start that a stop or crash cut short counts) is failed, not queued again. */
export const JOB_MAX_ATTEMPTS = 3;

/** Rows written in one short transaction; other requests get their turn between two. */
export const WRITE_BATCH_ROWS = 500;
