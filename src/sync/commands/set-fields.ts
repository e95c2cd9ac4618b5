import type { CommandDef } from './command';

/**
 * Commands that set fields on existing rows: mark an order or an invoice read. The
 * body's `fields` are written over each touched row; a row that is not mirrored stays
 * absent (the server's answer or the next pull brings it).
 */
function setFieldsCommand(kind: string): CommandDef {
  return {
    kind,
    apply(rows, entry) {
      const { fields } = entry.body as { fields: Record<string, unknown> };
      return rows.map((row) => (row ? { ...row, ...fields } : row));
    },
  };
}

export const markOrderReadCommand = setFieldsCommand('order.read');
export const markInvoiceReadCommand = setFieldsCommand('invoice.read');
