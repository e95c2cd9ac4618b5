import type { OutboxEntry } from '../../local/db/store-rows';

/** How a queued change is named to the user in the "Changes not sent" panel, before what it changes. */
const LABELS: Record<string, string> = {
  'order.read': 'Mark order as read',
  'invoice.read': 'Mark invoice as read',
  'asn.submit': 'Submit ASN',
  'asn.receive': 'Receive shipment',
  'invoice.correct': 'Correct invoice',
  'buyer.taxCodes': 'Tax codes',
  'buyer.invoiceMatching': 'Invoice matching',
  'buyer.supplierCode': 'Catalogue account code',
  'org.otherProperty': 'Account property',
  'seller.uomMapping': 'UOM mapping',
  'pricelist.add': 'Add pricelist',
  'pricelist.edit': 'Rename pricelist',
  'pricelist.mapping': 'Map universities to a pricelist',
  'account.add': 'Add account',
  'account.edit': 'Edit account',
  'account.delete': 'Delete account',
  'user.add': 'Add user',
  'user.edit': 'Edit user',
  'user.delete': 'Delete user',
  'property.add': 'Add property',
  'property.edit': 'Edit property',
  'property.delete': 'Delete property',
  'receivingEmail.add': 'Add receiving email',
  'receivingEmail.edit': 'Edit receiving email',
  'receivingEmail.delete': 'Delete receiving email',
  'senderSource.add': 'Add sender source',
  'senderSource.edit': 'Edit sender source',
  'senderSource.delete': 'Delete sender source',
  'ediExport.add': 'Add EDI export setting',
  'ediExport.edit': 'Edit EDI export setting',
  'ediExport.delete': 'Delete EDI export setting',
};

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** What the change is about, in the words the user typed: a person's name, a product's code, an order's number. */
function subjectOf(kind: string, body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as Record<string, unknown>;
  if (kind === 'product.inclusion') return text(b.productCode);
  const person = [text(b.firstName), text(b.lastName)].filter(Boolean).join(' ');
  return person || text(b.name) || text(b.orderNumber) || text(b.shipmentId) || text(b.email) || text(b.emailAddress) || text(b.identifier) || text(b.docType) || text(b.property) || '';
}

/** The change as a person would say it: 'Add user Dup Licate', 'Exclude product ACM-100001'; never a command's internal name. */
export function changeLabel(entry: Pick<OutboxEntry, 'kind' | 'body'>): string {
  const body = entry.body as Record<string, unknown> | undefined;
  const action = entry.kind === 'product.inclusion' ? (body?.excluded ? 'Exclude product' : 'Include product') : (LABELS[entry.kind] ?? 'Change');
  const subject = subjectOf(entry.kind, entry.body);
  return subject ? `${action} ${subject}` : action;
}
