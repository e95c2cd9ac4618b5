import { validationErrorCount } from '../../src/domain/invoice-display';
import { matchingMessages } from '../../src/domain/matching-messages';
import { z } from 'zod';
import { messages } from '../../src/domain/messages';
import { asnErrors } from '../../src/domain/rules/asn';
import type { EdiDocType } from '../../src/domain/schemas/properties';
import { writeHistory, type HistoryInput } from '../history';
import { badRequest, conflict, notFound } from '../http/errors';
import { findInvoice, invoiceNumberOf, markInvoiceChanged, safeFilePart } from '../invoices/invoice-changes';
import { INVOICE_ENTITY, parseInvoiceDocument, type InvoiceRow } from '../invoices/invoice-rows';
import { loadAsn } from '../orders/asn-rows';
import { loadOrder } from '../orders/order-rows';
import { findOrg } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';
import type { Delivery } from './delivery-types';
import { invoiceDetailDocument, orderRequestDocument, shipNoticeDocument, type ExportedDocument } from './export-documents';

const EXPORT_TARGETS = ['order', 'asn', 'invoice'] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

/** What an export job carries: which entity, the organisation exporting it (whose history and jobs list it is in), and who asked. */
export const ediExportPayloadSchema = z.object({
  target: z.enum(EXPORT_TARGETS),
  orgKey: z.string().min(1),
  id: z.number().int().positive(),
  user: z.string(),
  /** The user confirmed exporting an invoice that matching found exceptions on. */
  confirmExceptions: z.boolean().optional(),
});
export type EdiExportPayload = z.infer<typeof ediExportPayloadSchema>;

interface PreparedDocument {
  /** The organisation whose EDI setting for `docType` picks the channel. */
  receiverKey: string;
  docType: EdiDocType;
  contentType: string;
  document: ExportedDocument;
  /** The entity's name in history: `ASN PO-1-S1`. */
  title: string;
}

interface TargetRules {
  /** Prefix of the job's error when the export failed for good (the words the routes answered before exports were jobs). */
  failurePrefix: string;
  /** The state checks a request must pass before an export is queued: an HttpError otherwise. */
  check(trx: Tx, payload: EdiExportPayload): Promise<void>;
  /** Builds the document in a short transaction; a reason instead when there is nothing left to export (already done). */
  prepare(trx: Tx, payload: EdiExportPayload, jobId: number): Promise<PreparedDocument | { skipped: string }>;
  /** The entity's state change once the partner took the document; false when another job got there first (no second history). */
  finish(trx: Tx, payload: EdiExportPayload, prepared: PreparedDocument, delivery: Delivery): Promise<boolean>;
}

/** Where history goes: the exporting organisation's entry on the entity. */
export function historyOf(payload: EdiExportPayload): Pick<HistoryInput, 'orgKey' | 'entity' | 'entityKey'> {
  return { orgKey: payload.orgKey, entity: payload.target === 'invoice' ? INVOICE_ENTITY : payload.target, entityKey: String(payload.id) };
}

/** The EXPORTED history entry of a delivered document. */
function writeExported(trx: Tx, payload: EdiExportPayload, description: string): Promise<void> {
  return writeHistory(trx, payload.user, { ...historyOf(payload), type: 'EXPORTED', action: 'Exported', description });
}

/** Where a document went, for the history: the channel, and for LOCAL the file name; never an address. */
function deliveryText(delivery: Delivery, fileName: string): string {
  return delivery.channel === 'LOCAL' ? `via LOCAL as ${fileName}` : `via ${delivery.channel}`;
}

async function exportableOrder(trx: Tx, payload: EdiExportPayload) {
  const order = await loadOrder(trx, 'seller', payload.orgKey, payload.id);
  if (!order) throw notFound('Order');
  if (!order.canExport) throw conflict(['This order cannot be exported']);
  return order;
}

const orderRules: TargetRules = {
  failurePrefix: 'Order export failed',
  check: async (trx, payload) => {
    await exportableOrder(trx, payload);
  },
  prepare: async (trx, payload) => {
    const order = await exportableOrder(trx, payload);
    const document = await orderRequestDocument(trx, payload.orgKey, order);
    return { receiverKey: order.buyerId, docType: 'po', contentType: 'application/xml', document, title: `Order ${order.orderNo}` };
  },
  finish: async (trx, payload, prepared, delivery) => {
    await writeExported(trx, payload, `${prepared.title} exported ${deliveryText(delivery, prepared.document.fileName)}`);
    return true;
  },
};

const asnRules: TargetRules = {
  failurePrefix: 'ASN export failed',
  check: async (trx, payload) => {
    const asn = await loadAsn(trx, 'seller', payload.orgKey, payload.id);
    if (!asn) throw notFound('ASN');
    if (asn.exported) throw conflict([asnErrors.alreadyExported]);
    if (!asn.waitingForAction) throw conflict([asnErrors.notWaitingForAction]);
  },
  prepare: async (trx, payload) => {
    const asn = await loadAsn(trx, 'seller', payload.orgKey, payload.id);
    if (!asn) throw notFound('ASN');
    if (asn.exported) return { skipped: asnErrors.alreadyExported };
    const document = await shipNoticeDocument(trx, asn);
    return { receiverKey: asn.buyerId, docType: 'asn', contentType: 'application/xml', document, title: `ASN ${asn.shipmentId}` };
  },
  finish: async (trx, payload, prepared, delivery) => {
    // Only the first delivery marks the notice exported: a second job that raced it writes nothing.
    const marked = await trx
      .updateTable('asns')
      .set({ exported: 1, waiting_for_action: 0 })
      .where('id', '=', payload.id)
      .where('seller_key', '=', payload.orgKey)
      .where('exported', '=', 0)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;
    const asn = (await loadAsn(trx, 'seller', payload.orgKey, payload.id))!;
    const scopes = [
      { kind: 'seller' as const, orgKey: asn.sellerId },
      { kind: 'buyer' as const, orgKey: asn.buyerId },
    ];
    const rev = await recordChange(trx, { entity: 'asn', key: String(asn.id), op: 'upsert', scopes });
    await trx.updateTable('asns').set({ rev }).where('id', '=', asn.id).execute();
    await writeExported(trx, payload, `${prepared.title} exported ${deliveryText(delivery, prepared.document.fileName)}`);
    return true;
  },
};

/** An export of an invoice with validation errors says in history that the user confirmed them. */
function exceptionsNote(row: InvoiceRow, confirmed: boolean): string {
  const count = validationErrorCount({ document: parseInvoiceDocument(row.document) });
  return confirmed && count > 0 ? matchingMessages.exportedWithExceptions(count) : '';
}

const invoiceRules: TargetRules = {
  failurePrefix: 'Export failed',
  check: async (trx, payload) => {
    const row = await findInvoice(trx, payload.orgKey, payload.id);
    if (!parseInvoiceDocument(row.document)) throw badRequest([messages.documentExtractionError]);
    // Matching found exceptions: the user must have seen and confirmed them.
    if (row.match_status === 'Exceptions' && !payload.confirmExceptions) throw conflict([matchingMessages.exportNeedsConfirmation(Number(row.match_exceptions))]);
  },
  prepare: async (trx, payload, jobId) => {
    const row = await findInvoice(trx, payload.orgKey, payload.id);
    const document = parseInvoiceDocument(row.document);
    if (!document) throw badRequest([messages.documentExtractionError]);
    const buyer = await findOrg(trx, payload.orgKey);
    // Named by the job, so a retried delivery writes the same file again rather than a second one.
    const fileName = `invoice-${row.oiid}-${safeFilePart(document.documentId ?? 'unnumbered')}-${jobId}.xml`;
    const exported = await invoiceDetailDocument(
      trx,
      {
        oiid: row.oiid,
        buyerKey: payload.orgKey,
        buyerName: buyer?.name ?? '',
        supplierKey: row.supplier_key,
        supplierName: row.supplier_name,
        supplierCode: row.supplier_code,
        document,
      },
      fileName,
    );
    return { receiverKey: payload.orgKey, docType: 'inv', contentType: 'text/xml', document: exported, title: `Invoice ${invoiceNumberOf(row)}` };
  },
  finish: async (trx, payload, prepared, delivery) => {
    const row = await findInvoice(trx, payload.orgKey, payload.id);
    await markInvoiceChanged(trx, row, { exported: 1, ve_status: 'Exported' });
    await writeExported(trx, payload, `${prepared.title} exported as cXML (${delivery.channel})${exceptionsNote(row, payload.confirmExceptions === true)}`);
    return true;
  },
};

/** Each exportable entity's rules, in one place for the routes that queue exports and the job that runs them. */
export const exportRules: Record<ExportTarget, TargetRules> = { order: orderRules, asn: asnRules, invoice: invoiceRules };
