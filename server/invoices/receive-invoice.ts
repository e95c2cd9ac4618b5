import type { Selectable } from 'kysely';
import { messages } from '../../src/domain/messages';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { preparedQuery } from '../db/prepared-query';
import type { InvoicesTable } from '../db/tables/invoices';
import { writeHistory } from '../history';
import type { ExtractedInvoice } from '../intake/extract/extracted-invoice';
import type { Tx } from '../sync/change-log';
import { INVOICE_ENTITY } from './invoice-rows';
import { MatchReads, matchInvoiceIn } from './match-invoice';

/** How an invoice arrived: what its first history entry says. */
export type InvoiceArrival =
  | { kind: 'email'; from: string; auth: { dkim: string; dkimDomain: string | null; spf: string; spfDomain: string | null } | null }
  | { kind: 'upload'; user: string; fileName: string }
  | { kind: 'cxml'; from: string };

export interface ReceivedInvoice {
  buyerKey: string;
  supplier: { key: string; name: string; accountCode: string | null } | null;
  /** Null when no invoice document could be read: the spec's 'Document with extraction problems'. */
  extracted: ExtractedInvoice | null;
  message: { subject: string; senderEmail: string; createdDate: string; recipients: string[]; htmlBody: string | null };
  pdfKey: string | null;
  /** When the message arrived: the list's newest-first order. */
  receivedAt: string;
  arrival: InvoiceArrival;
  /** The intake's own General errors (unknown supplier, unauthenticated sender). */
  generalErrors: string[];
}

/** The history line of an arrival, e.g. 'Received by email from ar@acme.example (DKIM pass acme.example, SPF pass)'. */
function arrivalDescription(arrival: InvoiceArrival): { action: string; description: string; user: string } {
  switch (arrival.kind) {
    case 'email': {
      const auth = arrival.auth
        ? ` (DKIM ${arrival.auth.dkim}${arrival.auth.dkimDomain ? ` ${arrival.auth.dkimDomain}` : ''}, SPF ${arrival.auth.spf}${arrival.auth.spfDomain ? ` ${arrival.auth.spfDomain}` : ''})`
        : '';
      return { action: 'Received', description: `Received by email from ${arrival.from}${auth}`, user: arrival.from };
    }
    case 'upload':
      return { action: 'Uploaded', description: `Uploaded by ${arrival.user} (${arrival.fileName})`, user: arrival.user };
    case 'cxml':
      return { action: 'Received', description: 'Received as cXML', user: arrival.from };
  }
}

export function titleOf(extracted: ExtractedInvoice | null): string {
  if (!extracted) return messages.documentWithExtractionProblems;
  return extracted.creditNote ? 'Credit Note' : 'Tax Invoice';
}

/** The document an invoice stores: the extracted one, the intake's own errors among its General ones. */
export function documentOf(extracted: ExtractedInvoice | null, intakeErrors: string[]): InvoiceDocument | null {
  if (!extracted) return null;
  const errors = extracted.document.validationErrors;
  return { ...extracted.document, validationErrors: { ...errors, general: [...errors.general, ...intakeErrors.map((error) => ({ error }))] } };
}

// Compiled once (prepared-query.ts): every invoice received writes one. Each value named
// (the values given are slots, which spread to nothing).
const insertInvoice = preparedQuery(
  (
    db,
    v: Pick<
      Selectable<InvoicesTable>,
      | 'buyer_key'
      | 'supplier_key'
      | 'supplier_name'
      | 'document'
      | 'message_sender_email'
      | 'created_at'
      | 'title'
      | 'supplier_code'
      | 'message_subject'
      | 'message_created_date'
      | 'message_recipients'
      | 'message_html_body'
      | 'pdf_key'
    > & { intake_errors: string },
  ) =>
    db
      .insertInto('invoices')
      .values({
        buyer_key: v.buyer_key,
        supplier_key: v.supplier_key,
        supplier_name: v.supplier_name,
        document: v.document,
        message_sender_email: v.message_sender_email,
        intake_errors: v.intake_errors,
        created_at: v.created_at,
        read: 0,
        exported: 0,
        ve_status: 'Pending',
        title: v.title,
        supplier_code: v.supplier_code,
        message_subject: v.message_subject,
        message_created_date: v.message_created_date,
        message_recipients: v.message_recipients,
        message_html_body: v.message_html_body,
        pdf_key: v.pdf_key,
        pdf_source: null,
        rev: 0,
        deleted: 0,
      })
      .returning('oiid'),
);

/**
 * The one service that creates invoices, for every way in (mail, upload, cXML, the demo
 * seed): the row, unread and Pending, the history entry of its arrival, then the
 * validation step, whose first match gives the row its revision for the changes feed
 * (one revision, not one for the insert and another for the match a moment later in
 * the same transaction). Runs in the caller's transaction.
 */
export async function receiveInvoice(trx: Tx, input: ReceivedInvoice): Promise<number> {
  const document = documentOf(input.extracted, input.generalErrors);
  const row = {
    buyer_key: input.buyerKey,
    supplier_key: input.supplier?.key ?? null,
    supplier_name: input.supplier?.name ?? null,
    document: document ? JSON.stringify(document) : null,
    message_sender_email: input.message.senderEmail,
    intake_errors: JSON.stringify(input.generalErrors),
    created_at: input.receivedAt,
  };
  const [inserted] = await insertInvoice(trx, {
    ...row,
    title: titleOf(input.extracted),
    supplier_code: input.supplier?.accountCode ?? null,
    message_subject: input.message.subject,
    message_created_date: input.message.createdDate,
    message_recipients: JSON.stringify(input.message.recipients),
    message_html_body: input.message.htmlBody,
    pdf_key: input.pdfKey,
  });
  const oiid = inserted!.oiid;
  const arrival = arrivalDescription(input.arrival);
  await writeHistory(trx, arrival.user, {
    orgKey: input.buyerKey,
    entity: INVOICE_ENTITY,
    entityKey: String(oiid),
    type: 'RECEIVED',
    action: arrival.action,
    description: document?.documentId ? `${arrival.description}: invoice ${document.documentId}` : arrival.description,
  });
  // Validated and matched in the same transaction: the invoice is never seen without its errors.
  await matchInvoiceIn(new MatchReads(trx), oiid, 'Received', undefined, { received: { ...row, oiid, match_status: null, match_exceptions: 0 } });
  return oiid;
}
