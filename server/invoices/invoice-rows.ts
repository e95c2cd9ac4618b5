import type { Selectable } from 'kysely';
import { invoiceDocumentSchema, type InvoiceDocument, type InvoiceItem } from '../../src/domain/schemas/invoices';
import type { Db } from '../db/database';
import { idList, inIdList } from '../db/id-list';
import { preparedQuery } from '../db/prepared-query';
import type { InvoiceIntakeColumns, InvoiceMatchColumns, InvoicesTable } from '../db/tables/invoices';
import { MATCH_STATUSES, type MatchOutcome, type MatchStatus } from '../../src/domain/schemas/invoice-matching';
import { fieldCorrectionSchema, type FieldCorrection } from '../../src/domain/schemas/invoice-corrections';

/** The entity name of invoices in the change log, the changes feed and history. */
export const INVOICE_ENTITY = 'invoice';

export type InvoiceRow = Omit<Selectable<InvoicesTable>, 'pdf_source'> &
  Pick<Selectable<InvoiceMatchColumns>, 'match_status' | 'match_exceptions' | 'corrections'> &
  Selectable<InvoiceIntakeColumns>;

/** Every column but the demo PDF source, which only the PDF download reads. */
export const INVOICE_COLUMNS = [
  'oiid',
  'buyer_key',
  'supplier_key',
  'read',
  'exported',
  've_status',
  'title',
  'supplier_name',
  'supplier_code',
  'document',
  'message_subject',
  'message_sender_email',
  'message_created_date',
  'message_recipients',
  'message_html_body',
  'pdf_key',
  'created_at',
  'rev',
  'deleted',
  'match_status',
  'match_exceptions',
  'corrections',
  'intake_errors',
] as const;

function matchOutcomeOf(row: Pick<InvoiceRow, 'match_status' | 'match_exceptions'>): MatchOutcome | null {
  const status = row.match_status;
  if (!status || !(MATCH_STATUSES as readonly string[]).includes(status)) return null;
  return { status: status as MatchStatus, exceptions: Number(row.match_exceptions) };
}

/** The URL the browser fetches the invoice's PDF from, with its session cookie. */
function invoicePdfPath(buyerKey: string, oiid: number): string {
  return `/api/buyer/${encodeURIComponent(buyerKey)}/invoice/${oiid}/pdf`;
}

/** The fields a clerk corrected, with their extracted values (migration 0060). */
export function parseCorrections(json: string | null): FieldCorrection[] {
  return json ? fieldCorrectionSchema.array().parse(JSON.parse(json)) : [];
}

export function parseInvoiceDocument(json: string | null): InvoiceDocument | null {
  return json ? invoiceDocumentSchema.parse(JSON.parse(json)) : null;
}

/** The answer shape of one invoice: the list, the detail, the actions and the changes feed all use it. */
export function toInvoiceItem(row: InvoiceRow): InvoiceItem {
  return {
    oiid: row.oiid,
    buyerId: row.buyer_key,
    read: row.read === 1,
    exported: row.exported === 1,
    veStatus: row.ve_status,
    title: row.title,
    supplierName: row.supplier_name,
    supplierCode: row.supplier_code,
    document: parseInvoiceDocument(row.document),
    message: {
      subject: row.message_subject,
      senderEmail: row.message_sender_email,
      createdDate: row.message_created_date,
      recipients: JSON.parse(row.message_recipients) as string[],
      htmlBody: row.message_html_body,
      pdfUrl: row.pdf_key ? invoicePdfPath(row.buyer_key, row.oiid) : null,
    },
    matching: matchOutcomeOf(row),
    corrections: parseCorrections(row.corrections),
    intakeErrors: JSON.parse(row.intake_errors) as string[],
    rev: Number(row.rev),
  };
}

/** One query for any number of ids (server/db/id-list.ts). */
const invoicesById = preparedQuery((db, v: { buyerKey: string; ids: unknown }) =>
  db.selectFrom('invoices').select(INVOICE_COLUMNS).where('buyer_key', '=', v.buyerKey).where(inIdList(db, 'oiid', v.ids)).where('deleted', '=', 0),
);

/** Live invoices of one buyer by id, for the changes feed: deleted or other buyers' ids are left out. */
export async function loadInvoices(db: Db, buyerKey: string, oiids: number[]): Promise<Map<number, InvoiceItem>> {
  if (oiids.length === 0) return new Map();
  const rows = await invoicesById(db, { buyerKey, ids: idList(db, oiids) });
  return new Map(rows.map((r) => [r.oiid, toInvoiceItem(r)]));
}
