import { applyCorrections, correctionChanges } from '../../domain/rules/invoice-corrections';
import { invoiceCorrectionSchema } from '../../domain/schemas/invoice-corrections';
import { invoiceItemSchema, type InvoiceDocument } from '../../domain/schemas/invoices';
import { applyRows } from '../apply-rows';
import type { MirrorRow } from '../rows';
import type { CommandDef } from './command';

/**
 * A clerk's correction of an invoice's misread fields: the invoice's document row shows
 * the corrected values at once (offline too), with its errors as they were until the
 * server has matched it again. Accepted, the server's answer (the invoice matched again)
 * is laid over the rows; refused, the overlay takes the values back.
 */
export const correctInvoiceCommand: CommandDef = {
  kind: 'invoice.correct',
  apply(rows, entry) {
    const correction = invoiceCorrectionSchema.safeParse(entry.body);
    return rows.map((row) => {
      if (!row || !correction.success) return row;
      const doc = row as unknown as InvoiceDocument;
      return applyCorrections(doc, correctionChanges(doc, correction.data)) as unknown as MirrorRow;
    });
  },
  async onAck(db, entry, answer) {
    const item = invoiceItemSchema.safeParse(answer);
    const touch = entry.touches[0]!;
    // In another shape (an older server), the changes feed brings the invoice instead.
    if (!item.success) return;
    await applyRows(db, [{ table: 'invoices', scope: touch.scope, key: touch.key, rev: item.data.rev, row: item.data as unknown as Record<string, unknown> }], 'merge');
  },
};
