import type { InvoiceDocument } from '../../../src/domain/schemas/invoices';

/** A party as the document states it: what the intake routes on (ABN, VAT, GLN, PEPPOL endpoint id...). */
export interface PartyIds {
  name: string | null;
  /** scheme as the document gives it: 'ABN', 'VAT', 'GLN', a PEPPOL EAS code such as '0088', 'NetworkID'... */
  ids: { scheme: string; value: string }[];
  email: string | null;
}

type InvoiceFormat = 'UBL' | 'CII' | 'FACTUR-X' | 'CXML' | 'PDF-TEMPLATE';

/** One invoice as read from its document, before routing and validation (validationErrors all empty). */
export interface ExtractedInvoice {
  format: InvoiceFormat;
  /** UBL CreditNote, CII type code 381, cXML purpose="creditMemo". */
  creditNote: boolean;
  /** The invoice number a credit note refers to, when the document states one. */
  creditedInvoiceId: string | null;
  document: InvoiceDocument;
  seller: PartyIds;
  buyer: PartyIds;
  /** The extraction template that read a plain PDF; null for structured formats. */
  template: string | null;
}

/** One attachment (or uploaded file) as the intake hands it to extraction. */
export interface IntakeFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * What one file turned out to be. `showPdf`: the file itself is the PDF the viewer shows
 * (Factur-X, a templated PDF, an unreadable or unmatched PDF).
 */
export type ExtractionOutcome =
  | { kind: 'invoice'; invoice: ExtractedInvoice; showPdf: boolean }
  /** Not an invoice document (an image, terms and conditions...): kept, not extracted. */
  | { kind: 'no-invoice'; reason: string; showPdf: boolean }
  /** Meant as an invoice but unreadable: broken PDF, no text layer, no matching template, XML error, limit passed. */
  | { kind: 'failed'; reason: string; showPdf: boolean };
