import type { Generated } from 'kysely';

/**
 * Supplier invoices that reached a buyer by email: the extracted document (JSON, read
 * as a whole and never edited in parts), the email it arrived in, and the PDF's blob key.
 */
export interface InvoicesTable {
  oiid: Generated<number>;
  buyer_key: string;
  /** The sending supplier when it is an organisation of the portal. */
  supplier_key: string | null;
  read: number;
  exported: number;
  ve_status: string;
  title: string;
  supplier_name: string | null;
  supplier_code: string | null;
  /** The extracted document as JSON; null when extraction failed. */
  document: string | null;
  message_subject: string;
  message_sender_email: string;
  message_created_date: string;
  /** JSON array of addresses. */
  message_recipients: string;
  message_html_body: string | null;
  /** Blob-store key of the PDF attachment; null when the email carried none. */
  pdf_key: string | null;
  /**
   * Demo invoices only: the invoice (JSON, document shape) the attachment is rendered
   * from on first download, so seeding stays fast. Received invoices store real bytes.
   */
  pdf_source: string | null;
  /** Arrival time: the list's newest-first order. */
  created_at: string;
  rev: number;
  deleted: number;
}

export interface InvoiceTables {
  invoices: InvoicesTable;
}
