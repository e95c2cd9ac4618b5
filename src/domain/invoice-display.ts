import type { INVOICE_STATUS_FILTERS } from './constants';
import { messages } from './messages';
import type { InvoiceItem, ValidationErrors } from './schemas/invoices';

export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/** The veStatus query value of a filter button: 'All' asks for no filter at all. */
export function veStatusQueryValue(filter: InvoiceStatusFilter): string | undefined {
  return filter === 'All' ? undefined : filter;
}

/** What one row of the invoice list shows. */
export interface InvoiceRowDisplay {
  title: string;
  /** The email subject under the title when nothing was extracted. */
  subtitle: string | null;
  number: string;
  poNumber: string | null;
  from: string;
  totalValue: number | null;
  currency: string | null;
  created: string;
  hasValidationErrors: boolean;
  bold: boolean;
  dimmed: boolean;
}

/**
 * The spec's list rule: an invoice without an extracted document shows 'Document with
 * extraction problems' and 'No Number detected', and falls back to the email's subject
 * and sender address.
 */
export function invoiceRowDisplay(item: InvoiceItem): InvoiceRowDisplay {
  const doc = item.document;
  const sender = item.supplierName?.trim() || item.message.senderEmail;
  return {
    title: doc ? item.title || item.message.subject : messages.documentWithExtractionProblems,
    subtitle: doc ? null : item.message.subject,
    number: doc?.documentId?.trim() || messages.noNumberDetected,
    poNumber: doc?.referenceId ?? null,
    from: doc ? sender : item.message.senderEmail,
    totalValue: doc ? doc.totalValue : null,
    currency: doc ? doc.currency : null,
    created: doc?.dateCreated ?? item.message.createdDate,
    hasValidationErrors: hasValidationErrors(item),
    bold: !item.read,
    dimmed: item.exported,
  };
}

/** What an invoice's errors are read from. */
type ErrorsOf = Pick<InvoiceItem, 'document' | 'intakeErrors'>;

/**
 * The errors the side panel lists; a missing document is itself the general error
 * 'Document extraction error.', beside the intake's own (an unauthenticated sender).
 */
export function validationErrorsOf(item: ErrorsOf): ValidationErrors {
  if (!item.document) {
    const general = [messages.documentExtractionError, ...(item.intakeErrors ?? [])].map((error) => ({ error }));
    return { general, header: [], line: [] };
  }
  return item.document.validationErrors;
}

export function validationErrorCount(item: ErrorsOf): number {
  const e = validationErrorsOf(item);
  return e.general.length + e.header.length + e.line.length;
}

export function hasValidationErrors(item: ErrorsOf): boolean {
  return validationErrorCount(item) > 0;
}

/** 'Show Original Email' is offered only when the email has both an HTML body and a PDF. */
export function canShowOriginalEmail(item: Pick<InvoiceItem, 'message'>): boolean {
  return Boolean(item.message.htmlBody) && Boolean(item.message.pdfUrl);
}

/** Line table order of the detail: by sequence. */
export function sortedLineItems(item: Pick<InvoiceItem, 'document'>) {
  return [...(item.document?.lineItems ?? [])].sort((a, b) => a.sequence - b.sequence || a.id - b.id);
}
