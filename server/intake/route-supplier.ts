import { ACCOUNT_TYPES, PARTY_ID_PROPERTIES, PROPERTY_NAMES } from '../../src/domain/constants';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import type { PartyIds } from './extract/extracted-invoice';
import { normaliseAddress } from './receiving-address';

export interface SupplierMatch {
  supplierKey: string;
  name: string;
  /** How it was found: the document's party ids, the sender's address against sender sources, the cXML From. */
  via: 'document' | 'sender' | 'cxml';
}

/** Ids compare without spaces, dots, dashes or case; a `scheme:value` id also by its value alone. */
function idForms(value: string): string[] {
  const plain = (v: string) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const colon = value.lastIndexOf(':');
  return [plain(value), ...(colon >= 0 ? [plain(value.slice(colon + 1))] : [])].filter((v) => v.length >= 4);
}

// The routing of every invoice document reads these two: compiled once (prepared-query.ts).
const partyIdsOfSuppliers = preparedQuery((db, _v: Record<string, never>) =>
  db
    .selectFrom('properties as p')
    .innerJoin('orgs as o', 'o.org_no', 'p.org_no')
    .select(['o.unique_key', 'o.name', 'p.value'])
    .where('p.property', 'in', [...PARTY_ID_PROPERTIES])
    .where('p.deleted', '=', 0)
    .where('o.deleted', '=', 0)
    .where('o.type', '=', ACCOUNT_TYPES.SUPPLIER)
    .orderBy('p.org_property_no'),
);

const accountCodeOf = preparedQuery((db, v: { buyerKey: string; supplierKey: string }) =>
  db
    .selectFrom('other_org_properties as p')
    .innerJoin('orgs as o', 'o.org_no', 'p.org_no')
    .select('p.value')
    .where('o.unique_key', '=', v.buyerKey)
    .where('p.other_org_key', '=', v.supplierKey)
    .where('p.property', '=', PROPERTY_NAMES.supplierCodeAp)
    .where('p.deleted', '=', 0),
);

/** The supplier whose ABN, VAT, GLN or PEPPOL id property equals one of the document seller's ids. */
export async function supplierByPartyIds(db: Db, party: PartyIds): Promise<SupplierMatch | null> {
  const wanted = new Set(party.ids.flatMap((id) => idForms(id.value)));
  if (wanted.size === 0) return null;
  const rows = await partyIdsOfSuppliers(db, {});
  const hit = rows.find((r) => idForms(r.value).some((v) => wanted.has(v)));
  return hit ? { supplierKey: hit.unique_key, name: hit.name, via: 'document' } : null;
}

/**
 * The supplier whose sender source names the sender: its whole address, or its domain
 * (a source `acme.example` also covers `mail.acme.example`). The most specific wins.
 */
export async function supplierBySender(db: Db, sender: string): Promise<SupplierMatch | null> {
  const address = normaliseAddress(sender);
  if (!address) return null;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const labels = domain.split('.');
  const candidates = [address, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))];
  const rows = await db
    .selectFrom('sender_sources as s')
    .innerJoin('orgs as o', 'o.org_no', 's.org_no')
    .select(['o.unique_key', 'o.name', 's.identifier'])
    .where('s.deleted', '=', 0)
    .where('o.deleted', '=', 0)
    .where('o.type', '=', ACCOUNT_TYPES.SUPPLIER)
    .where((eb) => eb(eb.fn('lower', ['s.identifier']), 'in', candidates))
    .execute();
  for (const candidate of candidates) {
    const hit = rows.find((r) => r.identifier.toLowerCase() === candidate);
    if (hit) return { supplierKey: hit.unique_key, name: hit.name, via: 'sender' };
  }
  return null;
}

/** A supplier by its key: the cXML From credential's organisation. */
export async function supplierByKey(db: Db, supplierKey: string): Promise<SupplierMatch | null> {
  const row = await db
    .selectFrom('orgs')
    .select(['unique_key', 'name'])
    .where('unique_key', '=', supplierKey)
    .where('type', '=', ACCOUNT_TYPES.SUPPLIER)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row ? { supplierKey: row.unique_key, name: row.name, via: 'cxml' } : null;
}

/** The buyer's Invoice Account Code for a supplier (its SUPPLIER_CODE_AP other-organisation property). */
export async function supplierAccountCode(db: Db, buyerKey: string, supplierKey: string): Promise<string | null> {
  const [row] = await accountCodeOf(db, { buyerKey, supplierKey });
  return row?.value ?? null;
}
