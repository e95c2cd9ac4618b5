import { cxmlInvoiceReceivedBefore, queueCxmlInvoice, storeCxmlInvoice } from '../../intake/accept-cxml-invoice';
import type { CxmlRequestHandler, HandlerInput, HandlerOutcome } from './request-handlers';
import type { CxmlRequestRead } from './request-readers';

type Input = HandlerInput<CxmlRequestRead<'InvoiceDetailRequest'>>;

const duplicate = (invoiceId: string, on: string): HandlerOutcome => ({
  code: 409,
  message: `Invoice ${invoiceId} of this supplier was received on ${on.slice(0, 10)}: a second invoice with the same number is not taken`,
});

/** The refusal a document earns before it is kept, or its invoice number. */
function check({ read: { cancellation, read } }: Input): { refused: HandlerOutcome } | { invoiceId: string } {
  if (cancellation) {
    return { refused: { code: 450, message: 'Cancelling an invoice (operation="delete") is not accepted here: ask the buyer to reject it' } };
  }
  if ('errors' in read) return { refused: { code: 400, message: read.errors.join('; ') } };
  return { invoiceId: read.header.invoiceId };
}

/**
 * A supplier's InvoiceDetailRequest to a buyer (To). Nothing is extracted on the request
 * path: the document is kept and queued as an intake message, the answer is cXML's 201
 * Accepted, and the intake job turns it into the buyer's invoice like a mailed one. The
 * same supplier and invoice number a second time is refused (the same payloadID again is
 * answered from the log as the first time).
 */
export const invoiceDetailRequestHandler: CxmlRequestHandler<CxmlRequestRead<'InvoiceDetailRequest'>> = {
  fromType: 'SUPPLIER',
  toType: 'UNIVERSITY',
  changes: true,
  async prepare(db, input) {
    const checked = check(input);
    if ('refused' in checked) return checked;
    const parties = { buyerKey: input.to!.orgKey, supplierKey: input.from.orgKey, invoiceId: checked.invoiceId };
    const before = await cxmlInvoiceReceivedBefore(db, parties);
    if (before) return { refused: duplicate(checked.invoiceId, before) };
    if (!input.blobs) throw new Error('InvoiceDetailRequest received without a blob store to keep it in');
    return { documentKey: await storeCxmlInvoice(input.blobs, input.bytes, input.now) };
  },
  async handle(trx, input) {
    const checked = check(input);
    if ('refused' in checked) return checked.refused;
    const parties = { buyerKey: input.to!.orgKey, supplierKey: input.from.orgKey, invoiceId: checked.invoiceId };
    // Checked again where it counts: another copy may have been queued since prepare.
    const before = await cxmlInvoiceReceivedBefore(trx, parties);
    if (before) return duplicate(checked.invoiceId, before);
    await queueCxmlInvoice(trx, { ...parties, blobKey: input.documentKey!, size: input.bytes.byteLength, receivedAt: input.now });
    return { code: 201, message: `Invoice ${checked.invoiceId} accepted: ${input.to!.name} sees it once it is read` };
  },
};
