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

/**
 * The columns invoice matching keeps on an invoice (migration 0045). Apart from the
 * table above so a writer of invoices may leave them out: they are matching's own.
 */
export interface InvoiceMatchColumns {
  /** The last matching run's outcome (Matched, Pending Receiving, Exceptions); null until matched. */
  match_status: Generated<string | null>;
  /** How many validation errors the last run found. */
  match_exceptions: Generated<number>;
  /** The PO number the document quotes (trimmed): the invoices of an order are found by it. */
  po_number: Generated<string | null>;
  /** The supplier's invoice number (trimmed): duplicates are found by it. */
  document_number: Generated<string | null>;
  /** The fields a clerk corrected with their extracted values, JSON (migration 0060); null while none was. */
  corrections: Generated<string | null>;
}

/** A buyer's 'Invoice Matching' preferences; a buyer without a row uses the defaults. */
interface InvoiceMatchingSettingsTable {
  org_no: number;
  mode: string;
  price_percent: number;
  price_amount: number;
  quantity_units: number;
  quantity_percent: number;
  total_percent: number;
  rev: number;
}

/** The intake's own General errors (migration 0055): JSON array of texts, kept through re-extraction and every matching run. */
export interface InvoiceIntakeColumns {
  intake_errors: Generated<string>;
}

export interface InvoiceTables {
  invoices: InvoicesTable & InvoiceMatchColumns & InvoiceIntakeColumns;
  invoice_matching_settings: InvoiceMatchingSettingsTable;
}
