/**
 * The rows of the browser's store as screens read them, and the outbox entries they
 * show: the types of src/sync, which features reach only through src/local (the lint's
 * layer zones in eslint.config.js).
 */
export type { AsnDraftRow, MirrorRow, OrderLineRow, OrderRow, OtherPropertyRow, ServerAsnRow } from '../../sync/rows';
export type { OutboxEntry, Touch } from '../../sync/outbox-entry';
