import { z } from 'zod';
import { wholeNumber } from './numbers';
import { PAGE_SIZE } from '../constants';
import { matchOutcomeSchema } from './invoice-matching';
import { fieldCorrectionSchema } from './invoice-corrections';

/** veStatus values the list filters on (spec section 4); other values may exist but are not shown. */
export const INVOICE_VE_STATUSES = ['Pending', 'Emailed', 'Exported'] as const;

const validationErrorSchema = z.object({ error: z.string() });

const validationErrorsSchema = z.object({
  general: z.array(validationErrorSchema),
  header: z.array(validationErrorSchema),
  line: z.array(validationErrorSchema),
});
export type ValidationErrors = z.infer<typeof validationErrorsSchema>;

const invoiceLineItemSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  qtyShipped: z.number(),
  uom: z.string().nullable(),
  unitPrice: z.number(),
  discount: z.number(),
  tax: z.number(),
  grossLineTotal: z.number(),
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItemSchema>;

/**
 * The document extracted from an emailed invoice. documentId is the supplier's invoice
 * number, referenceId the PO number it quotes, referenceSystemId the order it was
 * matched to in the portal (the detail links to /app/orders/{orgId}/order/{referenceSystemId}).
 */
const INVOICE_DOCUMENT_TYPES = ['Invoice', 'Credit Note'] as const;

export const invoiceDocumentSchema = z.object({
  /** Absent on documents extracted before credit notes were told apart: an invoice. */
  documentType: z.enum(INVOICE_DOCUMENT_TYPES).optional(),
  documentId: z.string().nullable(),
  /** A credit note's reference to the invoice it credits (EN 16931 BT-25). */
  precedingInvoiceId: z.string().nullable().optional(),
  dateCreated: z.string(),
  referenceId: z.string().nullable(),
  referenceSystemId: z.string().nullable(),
  currency: z.string(),
  freight: z.number(),
  additionalCharges: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  totalTax: z.number(),
  totalValue: z.number(),
  comments: z.string().nullable(),
  validationErrors: validationErrorsSchema,
  lineItems: z.array(invoiceLineItemSchema),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** The email the invoice arrived in. pdfUrl is fetched with the session cookie and answers application/pdf. */
const invoiceMessageSchema = z.object({
  subject: z.string(),
  senderEmail: z.string(),
  createdDate: z.string(),
  recipients: z.array(z.string()),
  htmlBody: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type InvoiceMessage = z.infer<typeof invoiceMessageSchema>;

/** An invoice item of the list and the detail; buyerId and rev let the client mirror it per buyer. */
export const invoiceItemSchema = z.object({
  oiid: z.number().int(),
  buyerId: z.string(),
  read: z.boolean(),
  exported: z.boolean(),
  veStatus: z.string(),
  title: z.string(),
  supplierName: z.string().nullable(),
  supplierCode: z.string().nullable(),
  document: invoiceDocumentSchema.nullable(),
  message: invoiceMessageSchema,
  /** The last matching run's outcome; null until matched (absent on rows mirrored before matching existed). */
  matching: matchOutcomeSchema.nullable().optional(),
  /** The fields a clerk corrected, each with its extracted value (absent on rows mirrored before corrections existed). */
  corrections: z.array(fieldCorrectionSchema).optional(),
  /**
   * General errors only the intake knows (a sender that failed DKIM and SPF): in the
   * document's errors too when it has one, and the only place for them when it has none.
   * Absent on rows mirrored before the intake kept them.
   */
  intakeErrors: z.array(z.string()).optional(),
  rev: z.number().int(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoicePageSchema = z.array(invoiceItemSchema);

export const invoiceHistoryEntrySchema = z.object({
  date: z.string(),
  action: z.string(),
  description: z.string(),
  user: z.string(),
  type: z.string(),
});
export type InvoiceHistoryEntry = z.infer<typeof invoiceHistoryEntrySchema>;

/** GET /buyer/{id}/invoice query: 'All' (or no veStatus) means no filter. */
export const invoiceListQuerySchema = z.object({
  limit: wholeNumber(z.number().min(1).max(100)).default(PAGE_SIZE),
  offset: wholeNumber(z.number().min(0)).default(0),
  veStatus: z.string().trim().max(40).optional(),
});

export const invoicePathSchema = z.object({
  id: z.string().min(1).max(40),
  invoiceId: wholeNumber(z.number().positive()),
});

/** The invoice upload-url request: the name of the file the buyer picked (PDF or XML). */
export const invoiceUploadRequestSchema = z.object({ fileName: z.string().trim().min(1).max(200).default('invoice') });
