import { chunks } from '../../catalogue/changes';
import { writeHistory } from '../../history';
import { recordChange, type Tx } from '../../sync/change-log';
import { groupBy } from '../../sync/group-by';
import { JobFailure, type JobContext } from '../job-context';
import type { JobRow } from '../queue';
import { keyBatches, writeBatches } from '../write-batches';
import { jobUser, payloadText, uploadedFile } from './load-upload';
import { readPriceRows, type PriceRow } from './price-file-import';

const pricelistGone = () => new JobFailure('The pricelist no longer exists');

async function livePricelist(db: Tx, sellerKey: string, pricelistId: number): Promise<{ id: number; name: string }> {
  const pricelist = await db
    .selectFrom('pricelists')
    .select(['id', 'name'])
    .where('id', '=', pricelistId)
    .where('seller_key', '=', sellerKey)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!pricelist) throw pricelistGone();
  return pricelist;
}

/**
 * Replaces a pricelist's prices with the uploaded file's (same columns as the price file,
 * no currency). The file is read and checked first; then each batch of products gets the
 * file's prices in its own short transaction, and a last one removes the products the
 * file no longer names and publishes the pricelist's new revision.
 */
export async function importPricelistPrices(ctx: JobContext, job: JobRow): Promise<unknown> {
  const sellerKey = job.orgKey;
  const pricelistId = Number(payloadText(job, 'pricelistId'));
  await livePricelist(ctx.db, sellerKey, pricelistId);
  const rows = await readPriceRows(ctx, sellerKey, await uploadedFile(ctx, job), false);
  const byCode = groupBy(rows, (r) => r.productCode);
  await writeBatches(
    ctx,
    keyBatches(byCode),
    (trx, codes) => replacePricelistPrices(trx, pricelistId, codes, byCode),
    (trx, written, reason) =>
      writeHistory(trx, jobUser(job), {
        orgKey: sellerKey,
        entity: 'pricelist',
        entityKey: String(pricelistId),
        type: 'PRICES_PARTLY_IMPORTED',
        action: 'Pricelist prices partly imported',
        description: `Prices of ${written} of ${byCode.size} products were replaced before the import stopped: ${reason}`,
      }),
  );
  return ctx.db.transaction().execute(async (trx) => {
    const pricelist = await livePricelist(trx, sellerKey, pricelistId);
    const held = await trx.selectFrom('pricelist_prices').select('product_code').distinct().where('pricelist_id', '=', pricelistId).execute();
    const dropped = held.map((h) => h.product_code).filter((code) => !byCode.has(code));
    for (const part of chunks(dropped)) {
      await trx.deleteFrom('pricelist_prices').where('pricelist_id', '=', pricelistId).where('product_code', 'in', part).execute();
    }
    const rev = await recordChange(trx, {
      entity: 'pricelist',
      key: String(pricelistId),
      op: 'upsert',
      scopes: [{ kind: 'seller', orgKey: sellerKey }],
    });
    await trx.updateTable('pricelists').set({ rev, updated_at: new Date().toISOString() }).where('id', '=', pricelistId).execute();
    await writeHistory(trx, jobUser(job), {
      orgKey: sellerKey,
      entity: 'pricelist',
      entityKey: String(pricelistId),
      type: 'PRICES_IMPORTED',
      action: 'Pricelist prices imported',
      description: `${rows.length} prices for ${byCode.size} products in ${pricelist.name}`,
    });
    return { pricelistId, rows: rows.length, products: byCode.size, errors: [] };
  });
}

async function replacePricelistPrices(trx: Tx, pricelistId: number, codes: string[], byCode: ReadonlyMap<string, PriceRow[]>): Promise<void> {
  for (const part of chunks(codes)) {
    await trx.deleteFrom('pricelist_prices').where('pricelist_id', '=', pricelistId).where('product_code', 'in', part).execute();
  }
  for (const part of chunks(codes.flatMap((code) => byCode.get(code) ?? []))) {
    await trx
      .insertInto('pricelist_prices')
      .values(
        part.map((r) => ({
          pricelist_id: pricelistId,
          product_code: r.productCode,
          uom: r.uom,
          start_date: r.startDate,
          lower_quantity: r.lowerQuantity,
          upper_quantity: r.upperQuantity,
          price: r.price,
        })),
      )
      .execute();
  }
}
