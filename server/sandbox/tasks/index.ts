/**
 * Every task a sandbox worker can run, as the import of its module: a worker loads a task's
 * module the first time it runs that task, so it holds only the readers it has used (with
 * every reader loaded a worker held some 96 MiB of heap before reading a byte, pdf.js alone
 * 65 MiB, and its collections took tens of milliseconds). Tasks run only inside a worker
 * thread: the main thread imports this module for its type alone (`import type`). A task is
 * one file under this folder and one line here; its input and output are structured-clonable.
 */
export const sandboxTasks = {
  'read-spreadsheet': () => import('./read-spreadsheet').then((m) => m.readSpreadsheet),
  'read-category-tree': () => import('./read-category-tree').then((m) => m.readCategoryTree),
  'read-cxml': () => import('./read-cxml').then((m) => m.readCxmlTask),
  'extract-invoice': () => import('./extract-invoice').then((m) => m.extractInvoice),
  'parse-mail': () => import('./parse-mail').then((m) => m.parseMail),
} satisfies Record<string, () => Promise<(input: never) => Promise<unknown>>>;

/** Each task by name, as its module exports it. */
export type SandboxTasks = { [K in keyof typeof sandboxTasks]: Awaited<ReturnType<(typeof sandboxTasks)[K]>> };
