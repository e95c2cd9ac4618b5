import type { CategoryNode } from '../../src/domain/schemas/catalogue';
import type { Pricelist, PricelistMapping } from '../../src/domain/schemas/pricelists';
import { idList, inTextList } from '../db/id-list';
import { preparedQuery } from '../db/prepared-query';
import type { EntityLoader } from '../sync/entity-loader';
import { groupBy } from '../sync/group-by';
import { JsonText } from '../sync/json-text';
import { metaJsonOf, OWN_META_COLUMNS, WRAPPER_COLUMNS, wrapProducts } from './products';


/**
 * A buyer's metas of one seller by code, compiled once: every feed page had a list length
 * of its own, so with one placeholder per code each page was a new query to build and
 * compile, and on PostgreSQL a new statement to prepare.
 */
const metasByCode = preparedQuery((db, v: { buyerKey: string; sellerKey: string; codes: unknown }) =>
  db
    .selectFrom('product_meta')
    .select(OWN_META_COLUMNS)
    .where('buyer_key', '=', v.buyerKey)
    .where('seller_key', '=', v.sellerKey)
    .where(inTextList(db, 'product_code', v.codes))
    .where('deleted', '=', 0),
);

/** Splits `a:b:c` keys into their parts; keys of another shape are left out (answered as deletes). */
function parts(keys: string[], n: number): string[][] {
  return keys.map((k) => k.split(':')).filter((p) => p.length === n && p.every(Boolean));
}

/**
 * Changes-feed loaders of the catalogue area:
 * - productMeta `buyer:seller:code` (buyer scope): the Meta, as its JSON text (../sync/json-text.ts);
 * - product `seller:code` (seller scope: the supplier's wrapper; buyer scope: the wrapper with that buyer's meta);
 * - pricelist `id` (seller scope): `{pricelistId, name, buyerIds}`, the mapping with it so the
 *   Map Universities drawer opens offline (a mapping's save touches its pricelist);
 * - categoryTree `buyerKey` (buyer scope): `{buyerId, tree}`.
 */
export const catalogueEntityLoaders: Record<string, EntityLoader> = {
  productMeta: async (db, keys, scope) => {
    const out = new Map<string, unknown>();
    if (scope.kind !== 'buyer') return out;
    const bySeller = groupBy(
      parts(keys, 3).filter(([buyer]) => buyer === scope.orgKey),
      ([, seller]) => seller!,
    );
    for (const [seller, keyParts] of bySeller) {
      const codes = idList(db, keyParts.map(([, , code]) => code!));
      const rows = await metasByCode(db, { buyerKey: scope.orgKey, sellerKey: seller, codes });
      const metaJson = metaJsonOf(scope.orgKey, seller);
      const prefix = `${scope.orgKey}:${seller}:`;
      for (const row of rows) out.set(prefix + row.product_code, new JsonText(metaJson(row)));
    }
    return out;
  },

  product: async (db, keys, scope) => {
    const out = new Map<string, unknown>();
    if (scope.kind === 'org') return out;
    const bySeller = groupBy(
      parts(keys, 2).filter(([seller]) => scope.kind !== 'seller' || seller === scope.orgKey),
      ([seller]) => seller!,
    );
    for (const [seller, keyParts] of bySeller) {
      const codes = keyParts.map(([, code]) => code!);
      const rows = await db
        .selectFrom('products')
        .select(WRAPPER_COLUMNS)
        .where('seller_key', '=', seller)
        .where('product_code', 'in', codes)
        .where('deleted', '=', 0)
        .execute();
      const wrappers = await wrapProducts(db, seller, rows, scope.kind === 'buyer' ? scope.orgKey : null);
      for (const w of wrappers) out.set(`${seller}:${w.product.productCode}`, w);
    }
    return out;
  },

  pricelist: async (db, keys, scope) => {
    const out = new Map<string, unknown>();
    const ids = keys.map(Number).filter((n) => Number.isInteger(n));
    if (scope.kind !== 'seller' || ids.length === 0) return out;
    const rows = await db
      .selectFrom('pricelists')
      .select(['id', 'name'])
      .where('seller_key', '=', scope.orgKey)
      .where('id', 'in', ids)
      .where('deleted', '=', 0)
      .execute();
    const mapped = rows.length
      ? await db
          .selectFrom('pricelist_buyers')
          .select(['pricelist_id', 'buyer_key'])
          .where('pricelist_id', 'in', rows.map((r) => r.id))
          .orderBy('buyer_key')
          .execute()
      : [];
    const buyersOf = groupBy(mapped, (m) => Number(m.pricelist_id));
    for (const r of rows) {
      const buyerIds = (buyersOf.get(Number(r.id)) ?? []).map((m) => m.buyer_key);
      out.set(String(r.id), { pricelistId: Number(r.id), name: r.name, buyerIds } satisfies Pricelist & PricelistMapping);
    }
    return out;
  },

  categoryTree: async (db, keys, scope) => {
    const out = new Map<string, unknown>();
    if (scope.kind !== 'buyer' || !keys.includes(scope.orgKey)) return out;
    const row = await db.selectFrom('category_trees').select('tree').where('buyer_key', '=', scope.orgKey).executeTakeFirst();
    if (row) out.set(scope.orgKey, { buyerId: scope.orgKey, tree: JSON.parse(row.tree) as CategoryNode[] });
    return out;
  },
};
