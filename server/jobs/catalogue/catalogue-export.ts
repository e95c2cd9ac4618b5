import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contractPricesAt, sellerPriceAt } from '../../../src/domain/price-discrepancies';
import type { ContractPrice, SellerPrice } from '../../../src/domain/schemas/catalogue';
import { chunks, recordChanges } from '../../catalogue/changes';
import { metaEntityKey, today, toSellerPrice } from '../../catalogue/products';
import { writeHistory } from '../../history';
import type { JobContext } from '../job-context';
import { JobFailure } from '../job-context';
import type { JobRow } from '../queue';
import { csvLine } from './csv';
import { writeXlsx, XLSX_CONTENT_TYPE, type SheetCell, type SheetColumn } from './spreadsheet';
import { jobUser, payloadText } from './load-upload';

/** The columns of the exported catalogue file the buyer's purchasing system reads. */
const EXPORT_COLUMNS = [
  'BuyerId',
  'SupplierId',
  'ProductCode',
  'Description',
  'UOM',
  'FlagCode',
  'Taxable',
  'LeadTime',
  'CategoryCode',
  'Barcode',
  'Price',
  'PriceSource',
  'Currency',
] as const;

const NUMBER_COLUMNS = new Set<string>(['LeadTime', 'Price']);
const EXPORT_SHEET: SheetColumn[] = EXPORT_COLUMNS.map((header) => ({ header, kind: NUMBER_COLUMNS.has(header) ? 'number' : 'text' }));

/** Where LOCAL catalogue exports go: `${dataDir}/exports/<buyerKey>/catalogue/`. */
export const catalogueExportDir = (dataDir: string, buyerKey: string) => join(dataDir, 'exports', buyerKey, 'catalogue');

/**
 * Exports the buyer's included products of one supplier: the price is the contract
 * price in force for one unit when there is one, the supplier's otherwise. Every
 * exported product's meta gets the export time.
 */
export async function exportCatalogue(ctx: JobContext, job: JobRow): Promise<unknown> {
  const buyerKey = job.orgKey;
  const sellerKey = payloadText(job, 'sellerId');
  const startedAt = Date.now();
  const at = today();
  try {
    // Read and write the files with no transaction open: with S3 the blob is a network
    // call, and a transaction held across it would stall every other writer.
    const metas = await ctx.db
      .selectFrom('product_meta')
      .innerJoin('products', (j) =>
        j.onRef('products.seller_key', '=', 'product_meta.seller_key').onRef('products.product_code', '=', 'product_meta.product_code'),
      )
      .select([
        'product_meta.id as metaId',
        'product_meta.contract_prices',
        'products.product_code',
        'products.description',
        'products.unit_of_measure',
        'products.flag_code',
        'products.taxable',
        'products.lead_time',
        'products.group_code',
        'products.barcodes',
      ])
      .where('product_meta.buyer_key', '=', buyerKey)
      .where('product_meta.seller_key', '=', sellerKey)
      .where('product_meta.excluded', '=', 0)
      .where('product_meta.deleted', '=', 0)
      .where('products.deleted', '=', 0)
      .orderBy('products.product_code')
      .execute();
    if (metas.length === 0) throw new JobFailure('There are no products to export');
    const lines = [csvLine([...EXPORT_COLUMNS])];
    const sheetRows: SheetCell[][] = [];
    for (const part of chunks(metas)) {
      const prices = new Map<string, SellerPrice[]>();
      for (const p of await ctx.db
        .selectFrom('seller_prices')
        .selectAll()
        .where('seller_key', '=', sellerKey)
        .where(
          'product_code',
          'in',
          part.map((m) => m.product_code),
        )
        .execute()) {
        prices.set(p.product_code, [...(prices.get(p.product_code) ?? []), toSellerPrice(p)]);
      }
      for (const m of part) {
        const uom = m.unit_of_measure ?? '';
        const contract = contractPricesAt(JSON.parse(m.contract_prices) as ContractPrice[], at).find(
          (c) => c.uom.toUpperCase() === uom.toUpperCase() && c.quantity === 1,
        );
        const seller = sellerPriceAt(prices.get(m.product_code) ?? [], uom, 1, at);
        const barcode = (JSON.parse(m.barcodes) as Array<{ code: string }>)[0]?.code ?? '';
        const cells: Array<string | number | null> = [
          buyerKey,
          sellerKey,
          m.product_code,
          m.description,
          uom,
          m.flag_code,
          m.taxable,
          m.lead_time,
          m.group_code,
          barcode,
          contract?.price ?? seller?.price ?? '',
          contract ? 'CONTRACT' : seller ? 'SUPPLIER' : '',
          contract?.currency ?? seller?.currency ?? '',
        ];
        lines.push(csvLine(cells));
        sheetRows.push(cells);
      }
    }
    const stamp = new Date(startedAt).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const baseName = `catalogue-${sellerKey}-${stamp}`;
    const fileName = `${baseName}.csv`;
    const content = Buffer.from(lines.join(''), 'utf8');
    const dir = catalogueExportDir(ctx.config.dataDir, buyerKey);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, fileName), content);
    // The purchasing system reads the CSV; the buyer downloads the same rows as a spreadsheet.
    const downloadName = `${baseName}.xlsx`;
    const blobKey = `exports/${buyerKey}/catalogue/${downloadName}`;
    await ctx.blobs.put(blobKey, await writeXlsx('Catalogue', EXPORT_SHEET, sheetRows), XLSX_CONTENT_TYPE);

    return await ctx.db.transaction().execute(async (trx) => {
      const rev = await recordChanges(
        trx,
        'productMeta',
        metas.map((m) => ({ key: metaEntityKey(buyerKey, sellerKey, m.product_code), scopes: [{ kind: 'buyer' as const, orgKey: buyerKey }] })),
      );
      for (const part of chunks(metas.map((m) => m.metaId))) {
        await trx
          .updateTable('product_meta')
          .set({ last_exported_ms: startedAt, rev: rev ?? 0, updated_at: new Date().toISOString() })
          .where('id', 'in', part)
          .execute();
      }
      await writeHistory(trx, jobUser(job), {
        orgKey: buyerKey,
        entity: 'catalogueExport',
        entityKey: `${buyerKey}:${sellerKey}`,
        type: 'CATALOGUE_EXPORTED',
        action: 'Catalogue exported',
        description: `${metas.length} products to ${fileName}`,
      });
      return { products: metas.length, fileName: downloadName, blobKey, path: join('exports', buyerKey, 'catalogue', fileName) };
    });
  } catch (error) {
    await writeHistory(ctx.db, jobUser(job), {
      orgKey: buyerKey,
      entity: 'catalogueExport',
      entityKey: `${buyerKey}:${sellerKey}`,
      type: 'EXPORT_FAILED',
      action: 'Catalogue export failed',
      description: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}
