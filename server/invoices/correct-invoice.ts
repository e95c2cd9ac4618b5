import { matchingMessages as m } from '../../src/domain/matching-messages';
import {
  applyCorrections,
  correctionAction,
  correctionChanges,
  correctionDescription,
  recordCorrections,
  validateInvoiceCorrection,
} from '../../src/domain/rules/invoice-corrections';
import type { InvoiceCorrection } from '../../src/domain/schemas/invoice-corrections';
import { writeHistory } from '../history';
import { badRequestAt, conflict } from '../http/errors';
import { recordChange, type Tx } from '../sync/change-log';
import { findInvoice } from './invoice-changes';
import { INVOICE_ENTITY, parseCorrections, parseInvoiceDocument, type InvoiceRow } from './invoice-rows';
import { MatchReads, invoicesOfOrder, matchInvoiceIn } from './match-invoice';

const trimmed = (v: string | null | undefined) => v?.trim() || null;

/**
 * The other invoices a correction may change the outcome of: those quoting the PO number
 * before or after it (an earlier invoice bounds a later one's quantities and total), and
 * the supplier's invoices with the number before or after it (duplicates), oldest first.
 */
async function relatedInvoices(trx: Tx, row: InvoiceRow, pos: Array<string | null>, numbers: Array<string | null>): Promise<number[]> {
  const ids = new Set<number>();
  for (const po of new Set(pos.filter((p): p is string => p !== null))) {
    for (const id of await invoicesOfOrder(trx, { buyerKey: row.buyer_key, orderNo: po })) ids.add(id);
  }
  const wanted = [...new Set(numbers.filter((n): n is string => n !== null))];
  if (row.supplier_key && wanted.length) {
    const same = await trx
      .selectFrom('invoices')
      .select('oiid')
      .where('buyer_key', '=', row.buyer_key)
      .where('supplier_key', '=', row.supplier_key)
      .where('document_number', 'in', wanted)
      .where('deleted', '=', 0)
      .execute();
    for (const r of same) ids.add(r.oiid);
  }
  ids.delete(row.oiid);
  if (ids.size === 0) return [];
  const rows = await trx.selectFrom('invoices').select(['oiid', 'created_at']).where('oiid', 'in', [...ids]).execute();
  return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.oiid - b.oiid)).map((r) => r.oiid);
}

/**
 * A clerk corrects misread fields of a received invoice, in the caller's transaction:
 * refused once the invoice is exported or when nothing was extracted; the document takes
 * the corrected values and keeps, beside it, what the extraction read; one history entry
 * per field ('PO Number corrected from 4500001 to 4500011 by Jo Clerk'), a new revision
 * for the buyer's devices, then the invoice is matched again (its entry says what that
 * changed) and so are the invoices the correction bears on. Answers the invoice as it is now.
 */
export async function correctInvoice(trx: Tx, row: InvoiceRow, input: InvoiceCorrection, user: string): Promise<InvoiceRow> {
  if (row.exported === 1) throw conflict([m.correctExported]);
  const doc = parseInvoiceDocument(row.document);
  if (!doc) throw conflict([m.correctWithoutDocument]);
  const issues = validateInvoiceCorrection(doc, input);
  if (issues.length) throw badRequestAt(issues);
  const changes = correctionChanges(doc, input);
  // Values equal to those held (a second device sent the same fix): nothing to write.
  if (changes.length === 0) return row;

  const corrected = applyCorrections(doc, changes);
  const corrections = recordCorrections(parseCorrections(row.corrections), changes, user, new Date().toISOString());
  const rev = await recordChange(trx, { entity: INVOICE_ENTITY, key: String(row.oiid), op: 'upsert', scopes: [{ kind: 'buyer', orgKey: row.buyer_key }] });
  await trx
    .updateTable('invoices')
    .set({
      document: JSON.stringify(corrected),
      corrections: corrections.length ? JSON.stringify(corrections) : null,
      po_number: trimmed(corrected.referenceId),
      document_number: trimmed(corrected.documentId),
      rev,
    })
    .where('oiid', '=', row.oiid)
    .execute();
  for (const change of changes) {
    await writeHistory(trx, user, {
      orgKey: row.buyer_key,
      entity: INVOICE_ENTITY,
      entityKey: String(row.oiid),
      type: 'CORRECTED',
      action: correctionAction(change, doc.lineItems),
      description: correctionDescription(change, doc.lineItems, user),
    });
  }

  const reads = new MatchReads(trx);
  await matchInvoiceIn(reads, row.oiid, 'Invoice corrected', user, { recordUnchanged: true });
  const related = await relatedInvoices(trx, row, [trimmed(doc.referenceId), trimmed(corrected.referenceId)], [trimmed(doc.documentId), trimmed(corrected.documentId)]);
  for (const id of related) await matchInvoiceIn(reads, id, 'Related invoice corrected', user);
  return findInvoice(trx, row.buyer_key, row.oiid);
}
