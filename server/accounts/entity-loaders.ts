import type { Db } from '../db/database';
import type { BuyerSellerPropsRow, OtherOrgPropertyRow } from '../../src/domain/schemas/properties';
import { matchingSettingsOf } from '../invoices/matching-settings';
import type { EntityLoader } from '../sync/entity-loader';
import { groupBy } from '../sync/group-by';
import {
  accountView,
  ediExportSettingView,
  orgPropertyView,
  otherOrgPropertyKey,
  otherOrgPropertyView,
  readUomMapping,
  receivingEmailView,
  senderSourceView,
  userView,
} from './views';

/**
 * Changes-feed loaders of the accounts area. Every entity is mirrored in an `org`
 * scope: accounts and users in the support organisation's, the rest in their own
 * organisation's. Rows another scope may not see, or that are deleted, are left out.
 */

function ids(keys: string[]): number[] {
  return keys.map(Number).filter((n) => Number.isInteger(n));
}

async function orgOfScope(db: Db, orgKey: string) {
  return db.selectFrom('orgs').select(['org_no', 'type']).where('unique_key', '=', orgKey).where('deleted', '=', 0).executeTakeFirst();
}

/** Rows of the scope's own organisation, by numeric id; `load` answers [key, row] pairs. */
const inOwnOrg =
  (load: (db: Db, orgNo: number, ids: number[]) => Promise<Array<[string, unknown]>>): EntityLoader =>
  async (db, keys, scope) => {
    const org = scope.kind === 'org' ? await orgOfScope(db, scope.orgKey) : undefined;
    const wanted = ids(keys);
    if (!org || wanted.length === 0) return new Map();
    return new Map(await load(db, org.org_no, wanted));
  };

const supportOnly =
  (load: (db: Db, keys: string[]) => Promise<Map<string, unknown>>): EntityLoader =>
  async (db, keys, scope) => {
    const org = scope.kind === 'org' ? await orgOfScope(db, scope.orgKey) : undefined;
    if (!org || org.type !== 0 || keys.length === 0) return new Map();
    return load(db, keys);
  };

export const accountEntityLoaders: Record<string, EntityLoader> = {
  account: supportOnly(async (db, keys) => {
    const rows = await db.selectFrom('orgs').selectAll().where('unique_key', 'in', keys).where('deleted', '=', 0).where('type', 'in', [1, 2]).execute();
    return new Map(rows.map((r) => [r.unique_key, accountView(r)]));
  }),

  user: supportOnly(async (db, keys) => {
    const wanted = ids(keys);
    if (wanted.length === 0) return new Map();
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('orgs as o', 'o.org_no', 'u.org_no')
      .select(['u.user_no', 'u.first_name', 'u.last_name', 'u.email', 'u.username', 'u.type', 'o.unique_key'])
      .where('u.user_no', 'in', wanted)
      .where('u.deleted', '=', 0)
      .where('o.deleted', '=', 0)
      .where('o.type', 'in', [1, 2])
      .execute();
    // The user community is per account: the mirrored row names its account.
    return new Map(rows.map((r) => [String(r.user_no), { ...userView(r), orgId: r.unique_key }]));
  }),

  orgProperty: inOwnOrg(async (db, orgNo, wanted) => {
    const rows = await db.selectFrom('properties').selectAll().where('org_no', '=', orgNo).where('org_property_no', 'in', wanted).where('deleted', '=', 0).execute();
    return rows.map((r) => [String(r.org_property_no), orgPropertyView(r)]);
  }),

  otherOrgProperty: async (db, keys, scope) => {
    const org = scope.kind === 'org' ? await orgOfScope(db, scope.orgKey) : undefined;
    if (!org || keys.length === 0) return new Map();
    const rows = await db.selectFrom('other_org_properties').selectAll().where('org_no', '=', org.org_no).where('deleted', '=', 0).orderBy('id').execute();
    const wanted = new Set(keys);
    const byKey = groupBy(
      rows.filter((r) => wanted.has(otherOrgPropertyKey(r.other_org_key, r.property))),
      (r) => otherOrgPropertyKey(r.other_org_key, r.property),
    );
    // One mirrored row per account and name, counting its records: more than one is the spec's conflict.
    return new Map([...byKey].map(([key, records]) => [key, { ...otherOrgPropertyView(records[0]!), records: records.length } satisfies OtherOrgPropertyRow] as const));
  },

  receivingEmail: inOwnOrg(async (db, orgNo, wanted) => {
    const rows = await db.selectFrom('receiving_emails').selectAll().where('org_no', '=', orgNo).where('id', 'in', wanted).where('deleted', '=', 0).execute();
    return rows.map((r) => [String(r.id), receivingEmailView(r)]);
  }),

  senderSource: inOwnOrg(async (db, orgNo, wanted) => {
    const rows = await db.selectFrom('sender_sources').selectAll().where('org_no', '=', orgNo).where('id', 'in', wanted).where('deleted', '=', 0).execute();
    return rows.map((r) => [String(r.id), senderSourceView(r)]);
  }),

  ediExportSetting: inOwnOrg(async (db, orgNo, wanted) => {
    const rows = await db.selectFrom('edi_export_settings').selectAll().where('org_no', '=', orgNo).where('id', 'in', wanted).where('deleted', '=', 0).execute();
    return rows.map((r) => [String(r.id), ediExportSettingView(r)]);
  }),

  uomMapping: async (db, keys, scope) => {
    const org = scope.kind === 'org' && keys.includes(scope.orgKey) ? await orgOfScope(db, scope.orgKey) : undefined;
    if (!org) return new Map();
    return new Map([[scope.orgKey, await readUomMapping(db, org.org_no)]]);
  },

  buyerSettings: async (db, keys, scope) => {
    const org = scope.kind === 'org' && keys.includes(scope.orgKey) ? await orgOfScope(db, scope.orgKey) : undefined;
    if (!org) return new Map();
    const row = await db.selectFrom('buyer_settings').selectAll().where('org_no', '=', org.org_no).executeTakeFirst();
    if (!row) return new Map();
    return new Map([[scope.orgKey, { taxCodeMapping: { taxableCode: row.taxable_code, nonTaxableCode: row.non_taxable_code } }]]);
  },

  invoiceMatching: async (db, keys, scope) => {
    const org = scope.kind === 'org' && keys.includes(scope.orgKey) ? await orgOfScope(db, scope.orgKey) : undefined;
    if (!org) return new Map();
    const { rev: _rev, ...settings } = await matchingSettingsOf(db, org.org_no);
    return new Map([[scope.orgKey, settings]]);
  },

  buyerSellerProps: async (db, keys, scope) => {
    const org = scope.kind === 'org' ? await orgOfScope(db, scope.orgKey) : undefined;
    const sellerKeys = keys.filter((k) => k.startsWith(`${scope.orgKey}/`)).map((k) => k.slice(scope.orgKey.length + 1));
    if (!org || sellerKeys.length === 0) return new Map();
    const rows = await db
      .selectFrom('buyer_seller_props as p')
      .innerJoin('orgs as s', 's.org_no', 'p.seller_org_no')
      .select(['s.unique_key', 'p.supplier_code'])
      .where('p.buyer_org_no', '=', org.org_no)
      .where('s.unique_key', 'in', sellerKeys)
      .execute();
    return new Map(rows.map((r) => [`${scope.orgKey}/${r.unique_key}`, { sellerId: r.unique_key, supplierCode: r.supplier_code } satisfies BuyerSellerPropsRow]));
  },
};
