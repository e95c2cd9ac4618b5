import type { InvoicesTable } from '../db/tables/invoices';
import { notFound } from '../http/errors';
import { recordChange, type Tx } from '../sync/change-log';
import { INVOICE_COLUMNS, INVOICE_ENTITY, parseInvoiceDocument, type InvoiceRow } from './invoice-rows';

/** Invoices are always looked up within their buyer: another buyer's id answers 404. */
export async function findInvoice(db: Tx, buyerKey: string, oiid: number): Promise<InvoiceRow> {
  const row = await db
    .selectFrom('invoices')
    .select(INVOICE_COLUMNS)
    .where('oiid', '=', oiid)
    .where('buyer_key', '=', buyerKey)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('Invoice');
  return row;
}

/** The number an invoice is named by in history: its document's, else its id. */
export function invoiceNumberOf(row: InvoiceRow): string {
  return parseInvoiceDocument(row.document)?.documentId ?? `#${row.oiid}`;
}

/** A part of a file name made of safe characters only (an invoice number may hold anything). */
export function safeFilePart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'invoice';
}

/** Changes an invoice's flags with a new revision, so the buyer's devices pull it. */
export async function markInvoiceChanged(trx: Tx, row: InvoiceRow, set: Partial<Pick<InvoicesTable, 'read' | 'exported' | 've_status'>>) {
  const rev = await recordChange(trx, {
    entity: INVOICE_ENTITY,
    key: String(row.oiid),
    op: 'upsert',
    scopes: [{ kind: 'buyer', orgKey: row.buyer_key }],
  });
  await trx
    .updateTable('invoices')
    .set({ ...set, rev })
    .where('oiid', '=', row.oiid)
    .execute();
  return { ...row, ...set, rev };
}
