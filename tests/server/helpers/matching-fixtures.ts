import type { InvoiceDocument, InvoiceLineItem } from '../../../src/domain/schemas/invoices';
import type { Db } from '../../../server/db/database';
import { recordChange } from '../../../server/sync/change-log';

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface OrderLineInput {
  code: string;
  quantity: number;
  price: number;
  uom?: string;
}

/** An order of the buyer to the supplier, inserted as the order seeder does, with 10 % tax on each line. */
export async function insertOrder(db: Db, o: { orderNo: string; sellerKey: string; buyerKey: string; lines: OrderLineInput[] }): Promise<number> {
  const net = round2(o.lines.reduce((s, l) => s + l.quantity * l.price, 0));
  const address = JSON.stringify({ name: 'Bio21 Store', postalAddressCity: 'Parkville', postalAddressCountryCode: 'AU' });
  const rev = await recordChange(db, { entity: 'order', key: o.orderNo, op: 'upsert', scopes: [{ kind: 'buyer', orgKey: o.buyerKey }, { kind: 'seller', orgKey: o.sellerKey }] });
  const { id } = await db
    .insertInto('orders')
    .values({
      order_no: o.orderNo,
      seller_key: o.sellerKey,
      buyer_key: o.buyerKey,
      order_date: '2026-11-01T00:00:00.000Z',
      state: 'Acknowledged',
      seller_read: 0,
      buyer_read: 0,
      can_export: 1,
      raised_by: 'Test Buyer',
      tax_total: round2(net * 0.1),
      tax_total_currency: 'AUD',
      order_total_ext_tax: net,
      order_total_currency: 'AUD',
      contact: JSON.stringify({ name: 'Test Buyer', email: 'buyer@uni.demo.test' }),
      bill_to: address,
      ship_to: address,
      rev,
      deleted: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values(
      o.lines.map((l, i) => ({
        order_id: id,
        number: i + 1,
        supplier_product_code: l.code,
        description: `Product ${l.code}`,
        quantity: l.quantity,
        uom: l.uom ?? 'EA',
        unit_price: l.price,
        price_currency: 'AUD',
        tax_line: round2(l.quantity * l.price * 0.1),
        tax_line_currency: 'AUD',
        line_comment: '',
      })),
    )
    .execute();
  return id;
}

/** Invoice lines with 10 % tax whose amounts add up. */
function invoiceLines(lines: OrderLineInput[]): InvoiceLineItem[] {
  return lines.map((l, i) => {
    const net = round2(l.quantity * l.price);
    const tax = round2(net * 0.1);
    return { id: i + 1, sequence: i + 1, code: l.code, description: `Product ${l.code}`, qtyShipped: l.quantity, uom: l.uom ?? 'EA', unitPrice: l.price, discount: 0, tax, grossLineTotal: round2(net + tax) };
  });
}

export function invoiceDocument(d: { number: string; po: string; lines: OrderLineInput[] } & Partial<InvoiceDocument>): InvoiceDocument {
  const { number, po, lines, ...rest } = d;
  const lineItems = invoiceLines(lines);
  const subtotal = round2(lineItems.reduce((s, l) => s + l.grossLineTotal - l.tax, 0));
  const totalTax = round2(lineItems.reduce((s, l) => s + l.tax, 0));
  return {
    documentId: number,
    dateCreated: '2026-11-05T00:00:00.000Z',
    referenceId: po,
    referenceSystemId: null,
    currency: 'AUD',
    freight: 0,
    additionalCharges: 0,
    subtotal,
    discount: 0,
    totalTax,
    totalValue: round2(subtotal + totalTax),
    comments: null,
    validationErrors: { general: [], header: [], line: [] },
    lineItems,
    ...rest,
  };
}

/**
 * A received invoice inserted as the demo seed inserts one (a row with its extracted
 * document and a revision). Stands in for the intake service, which is built on
 * another branch and will call matchInvoice itself.
 */
export async function insertInvoice(
  db: Db,
  i: { buyerKey: string; supplierKey: string | null; supplierName: string | null; document: InvoiceDocument | null; createdAt: string },
): Promise<number> {
  const { oiid } = await db
    .insertInto('invoices')
    .values({
      buyer_key: i.buyerKey,
      supplier_key: i.supplierKey,
      read: 0,
      exported: 0,
      ve_status: 'Pending',
      title: 'Tax Invoice',
      supplier_name: i.supplierName,
      supplier_code: null,
      document: i.document ? JSON.stringify(i.document) : null,
      message_subject: `Invoice ${i.document?.documentId ?? ''}`,
      message_sender_email: 'accounts@acme.demo.test',
      message_created_date: i.createdAt,
      message_recipients: JSON.stringify(['invoices@uni.demo.test']),
      message_html_body: '<p>Invoice attached.</p>',
      pdf_key: null,
      pdf_source: null,
      created_at: i.createdAt,
      rev: 0,
      deleted: 0,
    })
    .returning('oiid')
    .executeTakeFirstOrThrow();
  const rev = await recordChange(db, { entity: 'invoice', key: String(oiid), op: 'upsert', scopes: [{ kind: 'buyer', orgKey: i.buyerKey }] });
  await db.updateTable('invoices').set({ rev }).where('oiid', '=', oiid).execute();
  return oiid;
}
