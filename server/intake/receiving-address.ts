import { ACCOUNT_TYPES } from '../../src/domain/constants';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';

/** The buyer a recipient address belongs to, and the code of the pattern it matched (AP, AP-SCAN...). */
export interface ReceivingMatch {
  buyerKey: string;
  code: string;
  address: string;
}

/** `local@domain`, lower-cased; null when the address has no single @ or an empty part. */
export function normaliseAddress(address: string): string | null {
  const trimmed = address.trim().replace(/^<|>$/g, '').toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1 || /\s/.test(trimmed)) return null;
  return trimmed;
}

// Compiled once (prepared-query.ts): every recipient of every mail asks.
const patternsOf = preparedQuery((db, v: { address: string; wildcard: string }) =>
  db
    .selectFrom('receiving_emails as r')
    .innerJoin('orgs as o', 'o.org_no', 'r.org_no')
    .select(['o.unique_key', 'r.code', 'r.email_address'])
    .where('r.deleted', '=', 0)
    .where('o.deleted', '=', 0)
    .where('o.type', '=', ACCOUNT_TYPES.UNIVERSITY)
    .where((eb) => eb(eb.fn('lower', ['r.email_address']), 'in', [v.address, v.wildcard]))
    .orderBy('r.id'),
);

/**
 * The receiving-email pattern a recipient matches: a buyer's exact address first, else
 * its `*@domain` pattern. Only live buyers' patterns count; a supplier's receiving
 * emails are where orders go, not invoices.
 */
export async function matchReceivingAddress(db: Db, recipient: string): Promise<ReceivingMatch | null> {
  const address = normaliseAddress(recipient);
  if (!address) return null;
  const wildcard = `*@${address.slice(address.lastIndexOf('@') + 1)}`;
  const rows = await patternsOf(db, { address, wildcard });
  const exact = rows.find((r) => r.email_address.toLowerCase() === address);
  const match = exact ?? rows[0];
  return match ? { buyerKey: match.unique_key, code: match.code, address } : null;
}
