import type { Row } from '../api/mirror-calls';
import { productMetaKey } from './row-keys';
import { parseScope } from './scope';
import type { MirrorTable } from './store-schema';

/** One row to write, as the store keeps it; `row: null` deletes. */
export interface RowWrite {
  table: MirrorTable;
  scope: string;
  key: string;
  rev: number;
  row: Row | null;
}

/**
 * Rows that arrive with their children (an order with its lines, an invoice with its
 * document and message) are stored as separate rows, so a list page (without the
 * children) never wipes what a detail call mirrored. A buyer's product wrapper leaves
 * its meta under the key the changes feed uses for it. `children` replace the parent's
 * earlier children in that table.
 */
export interface SplitRow {
  parent: RowWrite;
  children?: { table: MirrorTable; parentField: string; rows: RowWrite[] };
  attached: RowWrite[];
}

function objectField(row: Row, field: string): Row | null {
  const value = row[field];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null;
}

export function splitRow(write: RowWrite): SplitRow {
  const { row } = write;
  if (!row) return { parent: write, attached: [] };

  if (write.table === 'orders' && Array.isArray(row.lines)) {
    const { lines, ...order } = row;
    const children = (lines as Row[]).map((line, i) => ({
      table: 'orderLines' as const,
      scope: write.scope,
      key: `${write.key}/${String(line.id ?? line.number ?? i)}`,
      rev: write.rev,
      row: { ...line, orderId: write.key },
    }));
    return { parent: { ...write, row: order }, children: { table: 'orderLines', parentField: 'orderId', rows: children }, attached: [] };
  }

  if (write.table === 'invoices') {
    const attached: RowWrite[] = [];
    const { document, message, ...invoice } = row;
    const doc = objectField(row, 'document');
    const msg = objectField(row, 'message');
    if (doc) attached.push({ table: 'invoiceDocuments', scope: write.scope, key: write.key, rev: write.rev, row: doc });
    if (msg) attached.push({ table: 'invoiceMessages', scope: write.scope, key: write.key, rev: write.rev, row: msg });
    // The list shows whether a document exists; keep that much on the invoice row itself.
    const parent = { ...invoice, hasDocument: document != null, hasMessage: message != null };
    return { parent: { ...write, row: parent }, attached };
  }

  if (write.table === 'products' && row.product && typeof row.product === 'object') {
    // The buyer's product wrapper: the product and, beside it, that buyer's meta.
    const { product, meta: _meta, ...rest } = row;
    const attached: RowWrite[] = [];
    const metaRow = objectField(row, 'meta');
    const { kind, orgKey } = parseScope(write.scope);
    if (metaRow && kind === 'buyer') {
      const key = productMetaKey(orgKey, String(row.sellerId), String((product as Row).productCode));
      attached.push({ table: 'productMeta', scope: write.scope, key, rev: write.rev, row: metaRow });
    }
    return { parent: { ...write, row: { ...(product as Row), ...rest } }, attached };
  }

  if (write.table === 'ediExports' && 'password' in row) {
    // A secret never enters the browser's store, even from a server that still sends it.
    const { password, ...setting } = row;
    return { parent: { ...write, row: { ...setting, passwordSet: typeof password === 'string' && password !== '' } }, attached: [] };
  }

  return { parent: write, attached: [] };
}
