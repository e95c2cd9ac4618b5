import { readCategoryTree } from './read-category-tree';
import { extractInvoice } from './extract-invoice';
import { parseMail } from './parse-mail';
import { readSpreadsheet } from './read-spreadsheet';
import { readCxmlTask } from './read-cxml';

/**
 * Every task a sandbox worker can run. Tasks run only inside a worker thread: the main
 * thread imports this module for its type alone (`import type`). A task is one file
 * under this folder and one line here; its input and output are structured-clonable.
 */
export const sandboxTasks = {
  'read-spreadsheet': readSpreadsheet,
  'read-category-tree': readCategoryTree,
  'read-cxml': readCxmlTask,
  'extract-invoice': extractInvoice,
  'parse-mail': parseMail,
} satisfies Record<string, (input: never) => Promise<unknown>>;

export type SandboxTasks = typeof sandboxTasks;
