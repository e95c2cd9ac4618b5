import type { CommandDef } from './command';
import { newRow } from './command';

/**
 * Commands whose row is the organisation's one record of something, created on
 * first save: a product's buyer meta (include/exclude), tax codes, a buyer's code
 * for a supplier, an other-organisation property, the UOM mapping. The body holds
 * the fields; the optimistic row is the old row with them, or a new one.
 */
export function upsertRowCommand(kind: string, fieldsOf: (body: unknown) => Record<string, unknown> = (b) => b as Record<string, unknown>): CommandDef {
  return {
    kind,
    apply(rows, entry) {
      const fields = fieldsOf(entry.body);
      return rows.map((row, i) => (row ? { ...row, ...fields } : newRow(entry.touches[i]!, fields)));
    },
  };
}

export const productInclusionCommand = upsertRowCommand('product.inclusion');
export const taxCodesCommand = upsertRowCommand('buyer.taxCodes');
export const invoiceMatchingCommand = upsertRowCommand('buyer.invoiceMatching');
export const supplierCodeCommand = upsertRowCommand('buyer.supplierCode');
export const otherOrgPropertyCommand = upsertRowCommand('org.otherProperty');
/** The mapping is replaced as a whole on save, so the row holds it whole too. */
export const uomMappingCommand = upsertRowCommand('seller.uomMapping', (body) => ({ mapping: body }));
