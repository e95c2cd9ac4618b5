import type { OutboxEntry } from '../../sync/outbox-entry';

/** How a queued change is named to the user in the "Changes not sent" panel. */
const LABELS: Record<string, string> = {
  'order.read': 'Mark order as read',
  'invoice.read': 'Mark invoice as read',
  'asn.submit': 'Submit ASN',
  'product.inclusion': 'Include or exclude product',
  'buyer.taxCodes': 'Tax codes',
  'buyer.supplierCode': 'Catalogue account code',
  'org.otherProperty': 'Account code',
  'seller.uomMapping': 'UOM mapping',
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

export function changeLabel(entry: Pick<OutboxEntry, 'kind'>): string {
  return LABELS[entry.kind] ?? entry.kind;
}
