/**
 * What writes the outbox: only through outbox-code.ts, so this code (every command's
 * schema, with zod) is not part of a screen's first load.
 */
export { enqueue } from '../../sync/enqueue';
export { discardEntry, retryEntry } from '../../sync/settle';
