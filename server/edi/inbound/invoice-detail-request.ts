import { attrOf, childOf, type XmlTree } from './xml-tree';

/**
 * What the endpoint reads of an InvoiceDetailRequest before it keeps it: the invoice
 * number its duplicates are found by, and what the DTD cannot say (a date that is a
 * date, amounts that are numbers). The rest is read by the intake's extraction, in the
 * job, like every other invoice document.
 */

export interface InvoiceDetailHeader {
  invoiceId: string;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function moneyErrors(el: XmlTree, path: string, errors: string[]): void {
  if (el.name === 'Money') {
    const text = el.text.trim().replace(/,/g, '');
    // cXML senders leave optional amounts blank (`<Money currency="AUD"/>`): read as none.
    if (text !== '' && !DECIMAL.test(text)) errors.push(`${path} is not a number: '${el.text.trim()}'`);
    return;
  }
  for (const c of el.children) moneyErrors(c, `${path}/${c.name}`, errors);
}

export function readInvoiceDetailHeader(request: XmlTree): { header: InvoiceDetailHeader } | { errors: string[] } {
  const errors: string[] = [];
  const header = childOf(request, 'InvoiceDetailRequestHeader');
  const invoiceId = attrOf(header, 'invoiceID').trim();
  if (!invoiceId) errors.push('InvoiceDetailRequestHeader has no invoiceID');
  const date = attrOf(header, 'invoiceDate');
  if (Number.isNaN(Date.parse(date))) errors.push(`invoiceDate is not a date: '${date}'`);
  moneyErrors(request, request.name, errors);
  return errors.length ? { errors } : { header: { invoiceId } };
}

/** operation="delete" cancels an invoice sent before: the portal takes new invoices only. */
export const isCancellation = (request: XmlTree) => attrOf(childOf(request, 'InvoiceDetailRequestHeader'), 'operation') === 'delete';
