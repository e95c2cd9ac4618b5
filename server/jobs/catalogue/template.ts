import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sellerPriceAt } from '../../../src/domain/price-discrepancies';
import type { ContractPrice, SellerPrice } from '../../../src/domain/schemas/catalogue';
import { chunks, recordChanges } from '../../catalogue/changes';
import { metaEntityKey, today, toSellerPrice } from '../../catalogue/products';
import { writeHistory } from '../../history';
import type { Tx } from '../../sync/change-log';
import type { JobContext } from '../job-context';
import { JobFailure } from '../job-context';
import type { JobRow } from '../queue';
import { keyBatches, writeBatches } from '../write-batches';
import { col, ROWS_PER_TURN, RowErrors } from './csv';
import { jobUser, payloadText, uploadedFile } from './load-upload';
import { readTable, sheetDate, writeXlsx, XLSX_CONTENT_TYPE, type SheetCell, type SheetColumn } from './spreadsheet';

/**
 * The catalogue template: one row per product and contract price (a product without
 * contract prices has one row with those columns empty). The buyer edits Included and
 * the contract columns and uploads it back (as .xlsx or .csv); the other columns are for reading.
 */
const TEMPLATE_SHEET: readonly SheetColumn[] = [
  { header: 'Included', kind: 'yesNo', width: 10 },
  { header: 'Product Code', kind: 'text', width: 18 },
  { header: 'Description', kind: 'text', width: 48 },
  { header: 'UOM', kind: 'text', width: 8 },
  { header: 'Supplier Price', kind: 'number' },
  { header: 'Contract UOM', kind: 'text' },
  { header: 'Contract Quantity', kind: 'number', width: 18 },
  { header: 'Contract Price', kind: 'number' },
  { header: 'Effective Date', kind: 'date' },
  { header: 'Currency', kind: 'text', width: 10 },
];

const BATCH = 1000;

export async function generateTemplate(ctx: JobContext, job: JobRow): Promise<unknown> {
  const buyerKey = job.orgKey;
  const sellerKey = payloadText(job, 'sellerId');
  const rows: SheetCell[][] = [];
  const at = today();
  let after = '';
  let count = 0;
  for (;;) {
    const products = await ctx.db
      .selectFrom('products')
      .select(['product_code', 'description', 'unit_of_measure'])
      .where('seller_key', '=', sellerKey)
      .where('deleted', '=', 0)
      .where('product_code', '>', after)
      .orderBy('product_code')
      .limit(BATCH)
      .execute();
    if (products.length === 0) break;
    const codes = products.map((p) => p.product_code);
    const metas = new Map(
      (
        await ctx.db
          .selectFrom('product_meta')
          .select(['product_code', 'excluded', 'contract_prices'])
          .where('buyer_key', '=', buyerKey)
          .where('seller_key', '=', sellerKey)
          .where('product_code', 'in', codes)
          .where('deleted', '=', 0)
          .execute()
      ).map((m) => [m.product_code, m]),
    );
    const prices = new Map<string, SellerPrice[]>();
    for (const p of await ctx.db
      .selectFrom('seller_prices')
      .selectAll()
      .where('seller_key', '=', sellerKey)
      .where('product_code', 'in', codes)
      .execute()) {
      prices.set(p.product_code, [...(prices.get(p.product_code) ?? []), toSellerPrice(p)]);
    }
    for (const p of products) {
      const meta = metas.get(p.product_code);
      const included = meta && meta.excluded === 0 ? 'Y' : 'N';
      const uom = p.unit_of_measure ?? '';
      const supplierPrice = uom ? (sellerPriceAt(prices.get(p.product_code) ?? [], uom, 1, at)?.price ?? null) : null;
      const contract = meta ? (JSON.parse(meta.contract_prices) as ContractPrice[]) : [];
      const base: SheetCell[] = [included, p.product_code, p.description ?? '', uom, supplierPrice];
      if (contract.length === 0) rows.push([...base, null, null, null, null, null]);
      for (const c of contract) rows.push([...base, c.uom, c.quantity, c.price, sheetDate(c.effectiveDate), c.currency]);
    }
    count += products.length;
    after = products[products.length - 1]!.product_code;
  }
  if (count === 0) throw new JobFailure('The supplier has no products');
  const fileName = `catalogue-template-${sellerKey}.xlsx`;
  const blobKey = `generated/${buyerKey}/${job.id}-${fileName}`;
  await ctx.blobs.put(blobKey, await writeXlsx('Template', TEMPLATE_SHEET, rows), XLSX_CONTENT_TYPE);
  return { blobKey, fileName, products: count };
}

const YES = new Set(['y', 'yes', 'true', '1', 'x']);
const NO = new Set(['n', 'no', 'false', '0', '']);

interface TemplateProduct {
  line: number;
  included: boolean;
  contractPrices: ContractPrice[];
}

/**
 * Applies an uploaded template: Included sets each listed product's excluded flag and
 * the contract columns replace its contract prices. Products not in the file are left alone.
 */
export async function applyTemplate(ctx: JobContext, job: JobRow): Promise<unknown> {
  const buyerKey = job.orgKey;
  const sellerKey = payloadText(job, 'sellerId');
  const records = await readTable(ctx, await uploadedFile(ctx, job), ['Included', 'Product Code']);
  const errors = new RowErrors();
  const byCode = new Map<string, TemplateProduct>();
  for (const [i, r] of records.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await yieldToEventLoop();
    const code = errors.text(r.line, 'Product Code', col(r, 'Product Code'));
    const flag = col(r, 'Included').toLowerCase();
    if (!YES.has(flag) && !NO.has(flag)) errors.add(r.line, 'Included must be Y or N');
    const included = YES.has(flag);
    const contractCells = ['Contract UOM', 'Contract Quantity', 'Contract Price', 'Effective Date'].map((c) => col(r, c));
    let contract: ContractPrice | null = null;
    if (contractCells.some(Boolean)) {
      const quantity = errors.integer(r.line, 'Contract Quantity', contractCells[1]!, { min: 1 }) ?? 1;
      const currency = (col(r, 'Currency') || 'AUD').toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) errors.add(r.line, 'Currency must be a three-letter code');
      contract = {
        uom: errors.text(r.line, 'Contract UOM', contractCells[0]!.toUpperCase(), 8),
        quantity,
        price: errors.price(r.line, 'Contract Price', contractCells[2]!),
        effectiveDate: errors.date(r.line, 'Effective Date', contractCells[3]!),
        currency,
      };
    }
    if (!code) continue;
    const held = byCode.get(code);
    if (held && held.included !== included) errors.add(r.line, `Included differs from row ${held.line} for ${code}`);
    const entry = held ?? { line: r.line, included, contractPrices: [] };
    if (contract) entry.contractPrices.push(contract);
    byCode.set(code, entry);
  }
  if (records.length === 0) errors.errors.push('The file holds no products');
  const codes = [...byCode.keys()];
  const known = new Set<string>();
  for (const part of chunks(codes)) {
    for (const p of await ctx.db
      .selectFrom('products')
      .select('product_code')
      .where('seller_key', '=', sellerKey)
      .where('product_code', 'in', part)
      .where('deleted', '=', 0)
      .execute()) {
      known.add(p.product_code);
    }
    await yieldToEventLoop();
  }
  for (const [code, entry] of byCode) if (!known.has(code)) errors.add(entry.line, `Unknown product code ${code}`);
  errors.throwIfAny('The template was rejected', records.length);

  let changed = 0;
  const history = { orgKey: buyerKey, entity: 'catalogueTemplate', entityKey: `${buyerKey}:${sellerKey}` };
  await writeBatches(
    ctx,
    keyBatches(new Map(codes.map((code) => [code, byCode.get(code)!.contractPrices]))),
    async (trx, part) => {
      changed += await applyTemplateRows(trx, buyerKey, sellerKey, part, byCode);
    },
    (trx, written, reason) =>
      writeHistory(trx, jobUser(job), {
        ...history,
        type: 'TEMPLATE_PARTLY_APPLIED',
        action: 'Catalogue template partly applied',
        description: `${changed} of the first ${written} of ${codes.length} products changed before the template stopped: ${reason}`,
      }),
  );
  await ctx.db.transaction().execute((trx) =>
    writeHistory(trx, jobUser(job), {
      ...history,
      type: 'TEMPLATE_APPLIED',
      action: 'Catalogue template applied',
      description: `${changed} of ${codes.length} products changed`,
    }),
  );
  return { rows: records.length, products: codes.length, changed, errors: [] };
}

/** One batch of a template's products, in one short transaction; answers how many changed. */
async function applyTemplateRows(trx: Tx, buyerKey: string, sellerKey: string, codes: string[], byCode: ReadonlyMap<string, TemplateProduct>): Promise<number> {
  const existing = new Map<string, { id: number; excluded: number; contract_prices: string; deleted: number }>();
  for (const part of chunks(codes)) {
    for (const m of await trx
      .selectFrom('product_meta')
      .select(['id', 'product_code', 'excluded', 'contract_prices', 'deleted'])
      .where('buyer_key', '=', buyerKey)
      .where('seller_key', '=', sellerKey)
      .where('product_code', 'in', part)
      .execute()) {
      existing.set(m.product_code, m);
    }
  }
  const changed: Array<{ code: string; excluded: number; contract: string; id: number | null }> = [];
  for (const code of codes) {
    const entry = byCode.get(code)!;
    const excluded = entry.included ? 0 : 1;
    const contract = JSON.stringify(entry.contractPrices);
    const held = existing.get(code);
    if (held) {
      if (held.deleted === 0 && held.excluded === excluded && held.contract_prices === contract) continue;
      changed.push({ code, excluded, contract, id: held.id });
    } else if (entry.included || entry.contractPrices.length) {
      // No meta means not included: a product left out with no contract prices needs no row.
      changed.push({ code, excluded, contract, id: null });
    }
  }
  const rev = await recordChanges(
    trx,
    'productMeta',
    changed.map((c) => ({ key: metaEntityKey(buyerKey, sellerKey, c.code), scopes: [{ kind: 'buyer' as const, orgKey: buyerKey }] })),
  );
  const now = new Date().toISOString();
  const fresh = changed.filter((c) => c.id === null);
  for (const part of chunks(fresh)) {
    await trx
      .insertInto('product_meta')
      .values(
        part.map((c) => ({
          buyer_key: buyerKey,
          seller_key: sellerKey,
          product_code: c.code,
          excluded: c.excluded,
          contract_prices: c.contract,
          last_exported_ms: null,
          updated_at: now,
          rev: rev ?? 0,
          deleted: 0,
        })),
      )
      .execute();
  }
  for (const c of changed.filter((x) => x.id !== null)) {
    await trx
      .updateTable('product_meta')
      .set({ excluded: c.excluded, contract_prices: c.contract, deleted: 0, rev: rev ?? 0, updated_at: now })
      .where('id', '=', c.id!)
      .execute();
  }
  return changed.length;
}
