import { chunks } from '../../catalogue/changes';
import { writeHistory } from '../../history';
import { recordChange } from '../../sync/change-log';
import { JobFailure, type JobContext } from '../job-context';
import type { JobRow } from '../queue';
import { jobUser, payloadText, uploadedFile } from './load-upload';
import { readPriceRows } from './price-file-import';

/** Replaces a pricelist's prices with the uploaded file's (same columns as the price file, no currency). */
export async function importPricelistPrices(ctx: JobContext, job: JobRow): Promise<unknown> {
  const sellerKey = job.orgKey;
  const pricelistId = Number(payloadText(job, 'pricelistId'));
  const bytes = await uploadedFile(ctx, job);
  return ctx.db.transaction().execute(async (trx) => {
    const pricelist = await trx
      .selectFrom('pricelists')
      .select(['id', 'name'])
      .where('id', '=', pricelistId)
      .where('seller_key', '=', sellerKey)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!pricelist) throw new JobFailure('The pricelist no longer exists');
    const rows = await readPriceRows(trx, sellerKey, bytes, false);
    await trx.deleteFrom('pricelist_prices').where('pricelist_id', '=', pricelistId).execute();
    for (const part of chunks(rows)) {
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
    const rev = await recordChange(trx, {
      entity: 'pricelist',
      key: String(pricelistId),
      op: 'upsert',
      scopes: [{ kind: 'seller', orgKey: sellerKey }],
    });
    await trx.updateTable('pricelists').set({ rev, updated_at: new Date().toISOString() }).where('id', '=', pricelistId).execute();
    const products = new Set(rows.map((r) => r.productCode)).size;
    await writeHistory(trx, jobUser(job), {
      orgKey: sellerKey,
      entity: 'pricelist',
      entityKey: String(pricelistId),
      type: 'PRICES_IMPORTED',
      action: 'Pricelist prices imported',
      description: `${rows.length} prices for ${products} products in ${pricelist.name}`,
    });
    return { pricelistId, rows: rows.length, products, errors: [] };
  });
}
