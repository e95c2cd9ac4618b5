import { recordChanges } from '../../catalogue/changes';
import { fillWire, metaEntityKey, pricesWire, productWire, searchText } from '../../catalogue/products';
import type { BlobStore } from '../../files/blob-store';
import { blobStoreFor } from '../../files/blob-stores';
import type { Db } from '../database';
import { CATALOGS, GROUPS, type FlatGroup } from './catalogue-data';
import { SUPPLIERS, UNIVERSITIES } from './orgs';
import { Random } from './random';

/**
 * The demo catalogue: `opts.products` products per supplier with seller prices and
 * quantity breaks, University of Westmere's curated products with contract prices
 * (about one in twenty disagreeing with the supplier's), pricelists mapped to
 * universities, and a category tree per university. Product images are small SVGs
 * drawn here and kept in the blob store, served by the public `/files/asset/` route.
 */

export interface CatalogueSeedOptions {
  products: number;
  /** Products of the first supplier (Acme Scientific) when it should differ: benchmarks give it a 100,000-product catalogue. */
  firstSupplierProducts?: number | null;
  /** Where the blob store lives; without it products get no images or data sheets. */
  dataDir?: string | null;
}

const BASE_DATE = '2026-11-01';
const BASE_MS = Date.parse(`${BASE_DATE}T00:00:00Z`);
const PRICE_START = '2026-01-01';
const CONTRACT_START = '2026-02-01';
const BATCH = 500;
const IMAGES_PER_GROUP = 3;

/** EAN-13 with its check digit: 93 is the GS1 prefix of Australia. */
function ean13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function productImage(g: FlatGroup, n: number): string {
  const shapes = [
    '<path d="M70 40h60v20l30 90a10 10 0 0 1-10 14H50a10 10 0 0 1-10-14l30-90z" fill="#fff" opacity="0.9"/>',
    '<rect x="60" y="40" width="80" height="120" rx="10" fill="#fff" opacity="0.9"/><rect x="60" y="110" width="80" height="50" rx="10" fill="#000" opacity="0.15"/>',
    '<circle cx="100" cy="100" r="55" fill="#fff" opacity="0.9"/><circle cx="100" cy="100" r="25" fill="#000" opacity="0.15"/>',
  ];
  const label = g.group.description.replace(/[<&>]/g, '');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">',
    `<rect width="200" height="200" fill="${g.catalog.colour}"/>`,
    shapes[n % shapes.length],
    `<text x="100" y="188" font-family="sans-serif" font-size="11" fill="#fff" text-anchor="middle">${label}</text>`,
    '</svg>',
  ].join('');
}

function dataSheet(g: FlatGroup): string {
  const esc = (s: string) => s.replace(/[<&>]/g, '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(g.group.description)}</title></head><body style="font-family:sans-serif">
<h1>${esc(g.group.description)}</h1><p>${esc(g.catalog.description)} / ${esc(g.cls.description)} / ${esc(g.category.description)}</p>
<ul>${g.group.items.map((i) => `<li>${esc(i.name)}${i.cas ? ` (CAS ${i.cas})` : ''}</li>`).join('')}</ul>
<p>Store according to the safety data sheet. Variants: ${esc(g.group.variants.join(', '))}.</p></body></html>`;
}

async function storeAssets(blobs: BlobStore): Promise<void> {
  for (const g of GROUPS) {
    for (let n = 0; n < IMAGES_PER_GROUP; n++) {
      await blobs.put(`assets/images/${g.group.code}-${n + 1}.svg`, Buffer.from(productImage(g, n)), 'image/svg+xml');
    }
    await blobs.put(`assets/datasheets/${g.group.code}.html`, Buffer.from(dataSheet(g)), 'text/html; charset=utf-8');
  }
}

interface SeededProduct {
  code: string;
  uom: string;
  altUom: string | null;
  basePrice: number;
  breaks: boolean;
}

function productRow(rnd: Random, sellerKey: string, prefix: string, index: number, withAssets: boolean) {
  const g = GROUPS[index % GROUPS.length]!;
  const spec = g.group;
  const item = rnd.pick(spec.items);
  const variant = rnd.pick(spec.variants);
  const uom = spec.uoms[0]!;
  const altUom = spec.uoms.length > 1 && rnd.chance(0.5) ? spec.uoms[1]! : null;
  const code = `${prefix}-${String(100000 + index)}`;
  const description = `${item.name} ${variant}`;
  const [lo, hi] = spec.price;
  const basePrice = round2(lo + (hi - lo) * rnd.next() ** 2);
  const chemical = spec.kind === 'chemical' || spec.kind === 'isotope';
  const equipment = spec.kind === 'equipment';
  const cancelled = rnd.chance(0.04);
  const unavailable = !cancelled && rnd.chance(0.03);
  const barcodeBody = `93${String(rnd.int(10000, 99999))}${String(index % 100000).padStart(5, '0')}`;
  const barcodes = [{ uom, code: ean13(barcodeBody), type: 'EAN13' }];
  if (altUom) barcodes.push({ uom: altUom, code: ean13(`94${barcodeBody.slice(2)}`), type: 'EAN13' });
  const weightKg = equipment ? round2(rnd.int(3, 60) + rnd.next()) : round2(0.05 + rnd.next() * 4);
  const images = withAssets ? rnd.int(1, IMAGES_PER_GROUP) : 0;
  const assets = Array.from({ length: images }, (_, n) => ({
    type: 'image',
    downloadUrl: `/files/asset/images/${spec.code}-${((index + n) % IMAGES_PER_GROUP) + 1}.svg`,
  }));
  const urls =
    withAssets && rnd.chance(0.3) ? [{ url: `/files/asset/datasheets/${spec.code}.html`, notes: 'Product data sheet' }] : [];
  const now = new Date(BASE_MS).toISOString();
  return {
    product: {
      seller_key: sellerKey,
      product_code: code,
      description,
      long_description: `${description}. ${g.group.description} from the ${g.cls.description.toLowerCase()} range, supplied ${
        uom === 'CS' ? 'by the case' : uom === 'PK' ? 'in packs' : uom === 'BX' ? 'in boxes' : 'individually'
      }.${chemical ? ' Handle according to the safety data sheet.' : ''}`,
      other_name: rnd.chance(0.25) ? `${item.name.split(' ')[0]} ${variant}`.toUpperCase() : null,
      unit_of_measure: uom,
      flag_code: cancelled ? 'C' : 'A',
      taxable: rnd.chance(0.9) ? 'Y' : 'N',
      lead_time: equipment ? rnd.int(7, 42) : rnd.int(1, 10),
      warrenty_period: equipment ? rnd.int(1, 5) : null,
      unavailable_from_date: unavailable ? '2026-11-10' : null,
      unavailable_to_date: unavailable ? '2026-12-15' : null,
      chemical_classifications: chemical ? (item.classes ?? null) : null,
      chem_management_platform_id: chemical ? `CMP-${rnd.int(100000, 999999)}` : null,
      cas_numbers: item.cas ?? null,
      dangerous_goods_flag: chemical ? (item.dangerous ? 1 : 0) : null,
      hazardous_material_flag: chemical ? (item.hazardous ? 1 : 0) : null,
      radio_active_flag: spec.kind === 'isotope' ? 1 : chemical ? 0 : null,
      weight: weightKg < 1 ? Math.round(weightKg * 1000) : weightKg,
      weight_unit: weightKg < 1 ? 'g' : 'kg',
      width: equipment ? rnd.int(20, 80) : rnd.int(40, 300),
      width_unit: equipment ? 'cm' : 'mm',
      height: equipment ? rnd.int(20, 90) : rnd.int(40, 350),
      height_unit: equipment ? 'cm' : 'mm',
      depth: equipment ? rnd.int(25, 70) : rnd.int(40, 300),
      depth_unit: equipment ? 'cm' : 'mm',
      length: equipment ? null : rnd.chance(0.3) ? rnd.int(50, 400) : null,
      length_unit: equipment ? null : 'mm',
      message: spec.kind === 'isotope' ? 'Shipped on Mondays only; a radiation licence number is required.' : rnd.chance(0.08) ? 'Store below 25 °C.' : null,
      comments: rnd.chance(0.05) ? 'Replaces the previous catalogue item of the same size.' : null,
      barcodes: JSON.stringify(barcodes),
      urls: JSON.stringify(urls),
      assets: JSON.stringify(assets),
      catalog_code: g.catalog.code,
      class_code: g.cls.code,
      category_code: g.category.code,
      group_code: spec.code,
      category_descriptions: JSON.stringify({
        catalog: g.catalog.description,
        class: g.cls.description,
        category: g.category.description,
        group: spec.description,
      }),
      search: searchText(code, description),
      updated_at: now,
      rev: 0,
      deleted: 0,
    },
    seeded: { code, uom, altUom, basePrice, breaks: rnd.chance(0.6) } satisfies SeededProduct,
  };
}

function sellerPrices(rnd: Random, sellerKey: string, p: SeededProduct) {
  const row = (uom: string, lower: number, upper: number | null, price: number, start = PRICE_START) => ({
    seller_key: sellerKey,
    product_code: p.code,
    uom,
    lower_quantity: lower,
    upper_quantity: upper,
    price: round2(price),
    start_date: start,
    currency: 'AUD',
  });
  const rows = p.breaks
    ? [row(p.uom, 1, 9, p.basePrice), row(p.uom, 10, 49, p.basePrice * 0.95), row(p.uom, 50, null, p.basePrice * 0.9)]
    : [row(p.uom, 1, null, p.basePrice)];
  if (p.altUom) rows.push(row(p.altUom, 1, null, p.basePrice * 10 * 0.92));
  // A few announce next year's price rise already.
  if (rnd.chance(0.05)) rows.push(row(p.uom, 1, null, p.basePrice * 1.04, '2027-01-01'));
  return rows;
}

/** The supplier's own price for one unit at the base date: what a matching contract price is. */
const unitPrice = (p: SeededProduct, qty: number) =>
  round2(p.breaks ? (qty >= 50 ? p.basePrice * 0.9 : qty >= 10 ? p.basePrice * 0.95 : p.basePrice) : p.basePrice);

export async function seedCatalogue(db: Db, opts: CatalogueSeedOptions): Promise<void> {
  const withAssets = Boolean(opts.dataDir);
  if (opts.dataDir) await storeAssets(blobStoreFor({ dataDir: opts.dataDir }));
  const westmere = UNIVERSITIES[0]!.key;
  const northgate = UNIVERSITIES[1]!.key;
  const curatingSuppliers = new Set(SUPPLIERS.slice(0, 4).map((s) => s.key));

  await db.transaction().execute(async (trx) => {
    const metaKeys: string[] = [];
    for (const [s, supplier] of SUPPLIERS.entries()) {
      const rnd = new Random(7000 + s);
      const prefix = supplier.key.slice(3, 6);
      const seeded: SeededProduct[] = [];
      const total = s === 0 ? (opts.firstSupplierProducts ?? opts.products) : opts.products;
      for (let start = 0; start < total; start += BATCH) {
        const count = Math.min(BATCH, total - start);
        const rows = Array.from({ length: count }, (_, i) => productRow(rnd, supplier.key, prefix, start + i, withAssets));
        const pricesOf = rows.map((r) => sellerPrices(rnd, supplier.key, r.seeded));
        await trx
          .insertInto('products')
          .values(rows.map((r, i) => ({ ...r.product, wire: productWire(r.product), prices_wire: pricesWire(pricesOf[i]!), fill_wire: fillWire(r.product, pricesOf[i]!) })))
          .execute();
        const prices = pricesOf.flat();
        for (let i = 0; i < prices.length; i += BATCH) await trx.insertInto('seller_prices').values(prices.slice(i, i + BATCH)).execute();
        seeded.push(...rows.map((r) => r.seeded));
      }

      // University of Westmere curates four suppliers; Northgate a handful of products of each.
      const metas = [];
      for (const p of seeded) {
        const westmereCurates = curatingSuppliers.has(supplier.key) && rnd.chance(0.35);
        if (westmereCurates) {
          const disagree = rnd.chance(0.05);
          const contract = [1, ...(p.breaks ? [10] : [])].map((qty) => ({
            uom: p.uom,
            quantity: qty,
            price: disagree && qty === 1 ? round2(unitPrice(p, qty) * (rnd.chance(0.5) ? 0.9 : 1.08)) : unitPrice(p, qty),
            effectiveDate: CONTRACT_START,
            currency: 'AUD',
          }));
          metas.push({
            buyer_key: westmere,
            seller_key: supplier.key,
            product_code: p.code,
            excluded: rnd.chance(0.08) ? 1 : 0,
            contract_prices: JSON.stringify(contract),
            last_exported_ms: rnd.chance(0.4) ? BASE_MS - rnd.int(1, 60) * 86_400_000 : null,
            updated_at: new Date(BASE_MS).toISOString(),
            rev: 0,
            deleted: 0,
          });
        } else if (rnd.chance(0.02)) {
          metas.push({
            buyer_key: northgate,
            seller_key: supplier.key,
            product_code: p.code,
            excluded: 0,
            contract_prices: '[]',
            last_exported_ms: null,
            updated_at: new Date(BASE_MS).toISOString(),
            rev: 0,
            deleted: 0,
          });
        }
      }
      for (let i = 0; i < metas.length; i += BATCH) await trx.insertInto('product_meta').values(metas.slice(i, i + BATCH)).execute();
      metaKeys.push(...metas.map((m) => `${m.buyer_key}|${m.seller_key}|${m.product_code}`));

      // Pricelists: a general one for every university and a research one for two of them.
      const lists = [
        { name: `${supplier.name} University Pricing 2026`, buyers: UNIVERSITIES.map((u) => u.key), share: 0.1, factor: 0.93 },
        { name: 'Research Consortium Rates', buyers: [westmere, northgate], share: 0.05, factor: 0.88 },
      ];
      for (const list of lists) {
        const now = new Date(BASE_MS).toISOString();
        const created = await trx
          .insertInto('pricelists')
          .values({ seller_key: supplier.key, name: list.name, created_at: now, updated_at: now, rev: 0, deleted: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(created.id);
        const prices = seeded
          .filter(() => rnd.chance(list.share))
          .flatMap((p) => [
            { pricelist_id: id, product_code: p.code, uom: p.uom, start_date: PRICE_START, lower_quantity: 1, upper_quantity: 9, price: round2(p.basePrice * list.factor) },
            { pricelist_id: id, product_code: p.code, uom: p.uom, start_date: PRICE_START, lower_quantity: 10, upper_quantity: null, price: round2(p.basePrice * list.factor * 0.95) },
          ]);
        for (let i = 0; i < prices.length; i += BATCH) await trx.insertInto('pricelist_prices').values(prices.slice(i, i + BATCH)).execute();
        await trx
          .insertInto('pricelist_buyers')
          .values(list.buyers.map((b) => ({ pricelist_id: id, buyer_key: b })))
          .execute();
      }
    }

    // Every university files products under the same four levels; Lakeside keeps only the science catalogs.
    const tree = (catalogs: typeof CATALOGS) =>
      catalogs.map((c) => ({
        code: c.code,
        description: c.description,
        children: c.classes.map((cl) => ({
          code: cl.code,
          description: cl.description,
          children: cl.categories.map((ca) => ({
            code: ca.code,
            description: ca.description,
            children: ca.groups.map((gr) => ({ code: gr.code, description: gr.description, children: [] })),
          })),
        })),
      }));
    for (const [i, uni] of UNIVERSITIES.entries()) {
      const catalogs = i === 2 ? CATALOGS.filter((c) => c.code === 'CHM' || c.code === 'BIO') : CATALOGS;
      await trx
        .insertInto('category_trees')
        .values({ buyer_key: uni.key, tree: JSON.stringify(tree(catalogs)), updated_at: new Date(BASE_MS).toISOString(), rev: 0 })
        .execute();
    }

    // Mirrored rows carry a revision, so a client's changes feed from 0 finds them.
    const metaRev = await recordChanges(
      trx,
      'productMeta',
      metaKeys.map((k) => {
        const [buyer, seller, code] = k.split('|') as [string, string, string];
        return { key: metaEntityKey(buyer, seller, code), scopes: [{ kind: 'buyer' as const, orgKey: buyer }] };
      }),
    );
    if (metaRev) await trx.updateTable('product_meta').set({ rev: metaRev }).execute();
    const pricelists = await trx.selectFrom('pricelists').select(['id', 'seller_key']).execute();
    const listRev = await recordChanges(
      trx,
      'pricelist',
      pricelists.map((p) => ({ key: String(p.id), scopes: [{ kind: 'seller' as const, orgKey: p.seller_key }] })),
    );
    if (listRev) await trx.updateTable('pricelists').set({ rev: listRev }).execute();
    const treeRev = await recordChanges(
      trx,
      'categoryTree',
      UNIVERSITIES.map((u) => ({ key: u.key, scopes: [{ kind: 'buyer' as const, orgKey: u.key }] })),
    );
    if (treeRev) await trx.updateTable('category_trees').set({ rev: treeRev }).execute();
  });
}
