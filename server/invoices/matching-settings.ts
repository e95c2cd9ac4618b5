import { DEFAULT_MATCHING_SETTINGS, type MatchingSettings } from '../../src/domain/schemas/invoice-matching';
import { preparedQuery } from '../db/prepared-query';
import type { Tx } from '../sync/change-log';

/** The entity name of a buyer's matching settings in the change log and history. */
export const MATCHING_SETTINGS_ENTITY = 'invoiceMatching';

// Compiled once (prepared-query.ts): every invoice received is matched under them.
const settingsRow = preparedQuery((db, v: { orgNo: number }) => db.selectFrom('invoice_matching_settings').selectAll().where('org_no', '=', v.orgNo));

/** A buyer's 'Invoice Matching' settings, or the defaults until the buyer first saves them. */
export async function matchingSettingsOf(db: Tx, orgNo: number): Promise<MatchingSettings & { rev: number }> {
  const [row] = await settingsRow(db, { orgNo });
  if (!row) return { ...DEFAULT_MATCHING_SETTINGS, rev: 0 };
  return {
    mode: row.mode === '2-way' ? '2-way' : '3-way',
    pricePercent: Number(row.price_percent),
    priceAmount: Number(row.price_amount),
    quantityUnits: Number(row.quantity_units),
    quantityPercent: Number(row.quantity_percent),
    totalPercent: Number(row.total_percent),
    rev: Number(row.rev),
  };
}
