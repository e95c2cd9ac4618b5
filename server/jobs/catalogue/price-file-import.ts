import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ASN_FIELD_LENGTHS } from '../../../src/domain/constants';
import { chunks, recordChanges } from '../../catalogue/changes';
import { rewritePricesWire } from '../../catalogue/products';
import { writeHistory } from '../../history';
import type { Tx } from '../../sync/change-log';
import { groupBy } from '../../sync/group-by';
import type { JobContext } from '../job-context';
import type { JobRow } from '../queue';
import { keyBatches, writeBatches } from '../write-batches';
import { col, ROWS_PER_TURN, RowErrors } from './csv';
import { jobUser, uploadedFile } from './load-upload';
import { readTable } from './spreadsheet';

export const PRICE_FILE_COLUMNS = ['productCode', 'uom', 'startDate', 'lowerQuantity', 'upperQuantity', 'price'];
const DEFAULT_CURRENCY = 'AUD';

export interface PriceRow {
  productCode: string;
  uom: string;
  startDate: string;
  lowerQuantity: number;
  upperQuantity: number | null;
  price: number;
  currency: string;
}

/**
 * The rows of a price file (supplier PPO file or pricelist prices), read in the sandbox and
 * every row checked against the supplier's catalogue, before anything is written.
 */
export async function readPriceRows(ctx: JobContext, sellerKey: string, bytes: Buffer, withCurrency: boolean): Promise<PriceRow[]> {
  const records = await readTable(ctx, bytes, PRICE_FILE_COLUMNS);
  const errors = new RowErrors();
  const rows: PriceRow[] = [];
  for (const r of records) {
    if (rows.length % ROWS_PER_TURN === ROWS_PER_TURN - 1) await yieldToEventLoop();
    const line = r.line;
    const lower = errors.integer(line, 'lowerQuantity', col(r, 'lowerQuantity'), { min: 0 }) ?? 0;
    const upper = errors.integer(line, 'upperQuantity', col(r, 'upperQuantity'), { optional: true, min: 0 });
    if (upper !== null && upper < lower) errors.add(line, 'upperQuantity must not be below lowerQuantity');
    const currency = (withCurrency ? col(r, 'currency') : '').toUpperCase() || DEFAULT_CURRENCY;
    if (!/^[A-Z]{3}$/.test(currency)) errors.add(line, 'currency must be a three-letter code');
    rows.push({
      productCode: errors.text(line, 'productCode', col(r, 'productCode')),
      uom: errors.text(line, 'uom', col(r, 'uom').toUpperCase(), ASN_FIELD_LENGTHS.uom),
      startDate: errors.date(line, 'startDate', col(r, 'startDate')),
      lowerQuantity: lower,
      upperQuantity: upper,
      price: errors.price(line, 'price', col(r, 'price')),
      currency,
    });
  }
  if (records.length === 0) errors.errors.push('The file holds no prices');
  const codes = [...new Set(rows.map((r) => r.productCode).filter(Boolean))];
  const known = new Set<string>();
  for (const part of chunks(codes)) {
    const found = await ctx.db
      .selectFrom('products')
      .select('product_code')
      .where('seller_key', '=', sellerKey)
      .where('product_code', 'in', part)
      .where('deleted', '=', 0)
      .execute();
    for (const f of found) known.add(f.product_code);
    // SQLite answers without ever leaving the event loop: other requests get a turn between two chunks.
    await yieldToEventLoop();
  }
  rows.forEach((row, i) => {
    if (row.productCode && !known.has(row.productCode)) errors.add(records[i]!.line, `Unknown product code ${row.productCode}`);
  });
  errors.throwIfAny('The price file was rejected', records.length);
  return rows;
}

/**
 * Applies a supplier's price file: for every product the file names, the file's rows
 * replace that product's prices. Products the file does not name keep theirs. The file is
 * read and checked first; the writes follow in short transactions of a few hundred rows,
 * whole products each, with other requests served between two.
 */
export async function importPriceFile(ctx: JobContext, job: JobRow): Promise<unknown> {
  const sellerKey = job.orgKey;
  const rows = await readPriceRows(ctx, sellerKey, await uploadedFile(ctx, job), true);
  const byCode = groupBy(rows, (r) => r.productCode);
  const history = { orgKey: sellerKey, entity: 'priceFile', entityKey: String(job.id) };
  await writeBatches(
    ctx,
    keyBatches(byCode),
    (trx, codes) => replaceSellerPrices(trx, sellerKey, codes, byCode),
    (trx, written, reason) =>
      writeHistory(trx, jobUser(job), {
        ...history,
        type: 'PRICE_FILE_PARTLY_IMPORTED',
        action: 'Price file partly imported',
        description: `Prices of ${written} of ${byCode.size} products were replaced before the import stopped: ${reason}`,
      }),
  );
  await ctx.db.transaction().execute((trx) =>
    writeHistory(trx, jobUser(job), {
      ...history,
      type: 'PRICE_FILE_IMPORTED',
      action: 'Price file imported',
      description: `${rows.length} prices for ${byCode.size} products`,
    }),
  );
  return { rows: rows.length, products: byCode.size, errors: [] };
}

/** One batch: these products' prices become the file's, and their buyers see the change. */
async function replaceSellerPrices(trx: Tx, sellerKey: string, codes: string[], byCode: ReadonlyMap<string, PriceRow[]>): Promise<void> {
  for (const part of chunks(codes)) {
    await trx.deleteFrom('seller_prices').where('seller_key', '=', sellerKey).where('product_code', 'in', part).execute();
  }
  for (const part of chunks(codes.flatMap((code) => byCode.get(code) ?? []))) {
    await trx
      .insertInto('seller_prices')
      .values(
        part.map((r) => ({
          seller_key: sellerKey,
          product_code: r.productCode,
          uom: r.uom,
          lower_quantity: r.lowerQuantity,
          upper_quantity: r.upperQuantity,
          price: r.price,
          start_date: r.startDate,
          currency: r.currency,
        })),
      )
      .execute();
  }
  await rewritePricesWire(trx, sellerKey, codes);
  // Buyers that curate these products see new supplier prices (and discrepancies) too.
  const buyersByCode = new Map<string, string[]>();
  for (const part of chunks(codes)) {
    const metas = await trx
      .selectFrom('product_meta')
      .select(['product_code', 'buyer_key'])
      .where('seller_key', '=', sellerKey)
      .where('product_code', 'in', part)
      .where('deleted', '=', 0)
      .execute();
    for (const m of metas) buyersByCode.set(m.product_code, [...(buyersByCode.get(m.product_code) ?? []), m.buyer_key]);
  }
  const rev = await recordChanges(
    trx,
    'product',
    codes.map((code) => ({
      key: `${sellerKey}:${code}`,
      scopes: [
        { kind: 'seller' as const, orgKey: sellerKey },
        ...(buyersByCode.get(code) ?? []).map((b) => ({ kind: 'buyer' as const, orgKey: b })),
      ],
    })),
  );
  const now = new Date().toISOString();
  for (const part of chunks(codes)) {
    await trx
      .updateTable('products')
      .set({ rev: rev ?? 0, updated_at: now })
      .where('seller_key', '=', sellerKey)
      .where('product_code', 'in', part)
      .execute();
  }
}
