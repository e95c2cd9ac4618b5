import { PROPERTY_NAMES } from '../../src/domain/constants';
import type { Db } from '../db/database';

/**
 * The three codes of a buyer's Account No tab for one supplier:
 * - Catalogue Account Code: buyer-seller props `supplierCode` (/buyer/{b}/seller/{s}/props);
 * - PO & ASN Account Code: the buyer's other-org property SUPPLIER_CODE for that supplier;
 * - Invoice Account Code: the buyer's other-org property SUPPLIER_CODE_AP (accounts payable).
 * Exports of orders, ASNs and invoices read them from here.
 */
export interface AccountCodes {
  catalogue: string | null;
  poAndAsn: string | null;
  invoice: string | null;
}

export async function accountCodesFor(db: Db, buyerKey: string, sellerKey: string): Promise<AccountCodes> {
  const props = await db
    .selectFrom('buyer_seller_props as p')
    .innerJoin('orgs as b', 'b.org_no', 'p.buyer_org_no')
    .innerJoin('orgs as s', 's.org_no', 'p.seller_org_no')
    .select('p.supplier_code')
    .where('b.unique_key', '=', buyerKey)
    .where('s.unique_key', '=', sellerKey)
    .executeTakeFirst();
  const others = await db
    .selectFrom('other_org_properties as p')
    .innerJoin('orgs as b', 'b.org_no', 'p.org_no')
    .select(['p.property', 'p.value'])
    .where('b.unique_key', '=', buyerKey)
    .where('p.other_org_key', '=', sellerKey)
    .where('p.deleted', '=', 0)
    .where('p.property', 'in', [PROPERTY_NAMES.supplierCode, PROPERTY_NAMES.supplierCodeAp])
    .execute();
  const value = (name: string) => others.find((o) => o.property === name)?.value ?? null;
  return {
    catalogue: props?.supplier_code ?? null,
    poAndAsn: value(PROPERTY_NAMES.supplierCode),
    invoice: value(PROPERTY_NAMES.supplierCodeAp),
  };
}
