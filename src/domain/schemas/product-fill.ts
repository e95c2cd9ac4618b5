import { z } from 'zod';
import { compileGuard, fastChecked } from './fast-guard';
import { wholeNumber } from './numbers';
import {
  productCategoryDescriptionSchema,
  productSchema,
  type ContractPrice,
  type Meta,
  type Product,
  type ProductCategoryDescription,
  type SellerPrice,
} from './catalogue';

/**
 * The catalogue fill: our own calls (not the spec's), which mirror a whole catalogue
 * into the browser. A plan says up front how the catalogue splits into key ranges, so
 * the browser asks for several chunks at once; each chunk is a compact answer whose
 * field names are written once, not once per product (1.86 KB a product as the spec's
 * wrappers; see docs/api-reference.md for the figures).
 */

/** The product fields a chunk row carries, in order; `sellerId` is the chunk's seller. */
export const FILL_PRODUCT_FIELDS = Object.keys(productSchema.shape).filter((f) => f !== 'sellerId') as Array<Exclude<keyof Product, 'sellerId'>>;

/** Products per chunk: a few hundred KB of answer, one store record. */
export const FILL_CHUNK_DEFAULT = 2_000;
export const FILL_CHUNK_MAX = 5_000;

export const fillPlanQuerySchema = z.object({
  size: wholeNumber(z.number().min(1).max(FILL_CHUNK_MAX)).default(FILL_CHUNK_DEFAULT),
});

/** Chunk i of a plan is the codes from `bounds[i-1]` (inclusive; the first chunk: from the start) up to `bounds[i]` (exclusive; the last: to the end). */
export const fillPlanSchema = z.strictObject({ size: z.number(), count: z.number(), bounds: z.array(z.string()) });
export type FillPlan = z.infer<typeof fillPlanSchema>;

export const fillChunkQuerySchema = z.object({
  from: z.string().min(1).max(200).optional(),
  to: z.string().min(1).max(200).optional(),
});
export type FillRange = z.infer<typeof fillChunkQuerySchema>;

type Tuple = unknown[];

const sellerPriceTuple = z.tuple([z.string(), z.number(), z.number().nullable(), z.number(), z.string(), z.string()]);
const contractPriceTuple = z.tuple([z.string(), z.number(), z.number(), z.string(), z.string()]);

/** A product: its fields' values in FILL_PRODUCT_FIELDS order, then its seller prices, then the index of its breadcrumb in `crumbs`. */
const productTuple = z.tuple([
  ...FILL_PRODUCT_FIELDS.map((f): z.ZodType => productSchema.shape[f]),
  z.array(sellerPriceTuple),
  z.number().int().min(0),
] as unknown as [z.ZodType, ...z.ZodType[]]);

/**
 * A buyer's meta of the chunk's product at `row`: excluded, contract prices, last
 * exported. Its price discrepancies are not sent: the browser compares the row's prices
 * with the contract prices for the rows it shows (shownDiscrepancies in
 * product-display.ts). Chunks stored before held them as a fifth element, which is not read.
 */
const metaTuple = z.tuple([z.number().int().min(0), z.boolean(), z.array(contractPriceTuple), z.number().nullable()]);

const fillChunkShape = z.strictObject({
  fields: z.array(z.string()),
  uomMapping: z.record(z.string(), z.string()),
  crumbs: z.array(productCategoryDescriptionSchema),
  rows: z.array(productTuple),
  metas: z.array(metaTuple),
});
type ChunkShape = z.infer<typeof fillChunkShape>;

/** A renamed, added or reordered product field (either side) refuses the chunk: rows are read by position. */
const sameFields = (c: ChunkShape) => c.fields.length === FILL_PRODUCT_FIELDS.length && c.fields.every((f, i) => f === FILL_PRODUCT_FIELDS[i]);
const referencesInside = (c: ChunkShape) => c.rows.every((r: Tuple) => (r[r.length - 1] as number) < c.crumbs.length) && c.metas.every((m) => m[0] < c.rows.length);

export const fillChunkSchema = fillChunkShape
  .refine(sameFields, { message: 'Unexpected product fields' })
  .refine(referencesInside, { message: 'A reference outside the chunk' });

/**
 * What the browser checks a fill chunk with: the same schema, the guard compiled from
 * its shape in front (fast-guard.ts), so a good chunk is walked once and not copied;
 * a chunk the guard refuses is parsed by fillChunkSchema and fails with its errors.
 */
const isChunkShape = compileGuard(fillChunkShape);
export const fillChunkCheck = fastChecked(fillChunkSchema, (v) => isChunkShape(v) && sameFields(v as ChunkShape) && referencesInside(v as ChunkShape));
export type FillChunk = z.infer<typeof fillChunkSchema>;

/**
 * A product's row of a chunk without its breadcrumb index: `[...values, prices]` as
 * JSON. The server stores it with the product (it is the same in every view), so a
 * chunk is a string join.
 */
export function fillRowJson(product: Product, prices: readonly SellerPrice[]): string {
  return JSON.stringify([
    ...FILL_PRODUCT_FIELDS.map((f) => product[f]),
    prices.map((p) => [p.uom, p.lowerQuantity, p.upperQuantity, p.price, p.startDate, p.currency]),
  ]);
}

/** The chunk as the server writes it: each product as its fillRowJson text and the index of its breadcrumb. */
export interface FillChunkParts {
  uomMapping: Record<string, string>;
  crumbs: ProductCategoryDescription[];
  rows: Array<{ json: string; crumb: number }>;
  metas: Array<{ row: number; meta: Meta }>;
}

export function encodeFillChunk(parts: FillChunkParts): string {
  const rows = parts.rows.map(({ json, crumb }) => `${json.slice(0, -1)},${crumb}]`).join(',');
  const metas = parts.metas.map(({ row, meta }) => [
    row,
    meta.excluded,
    meta.contractPrices.map((c) => [c.uom, c.quantity, c.price, c.effectiveDate, c.currency]),
    meta.lastExportedEpochMilliSeconds,
  ]);
  const head = JSON.stringify({ fields: FILL_PRODUCT_FIELDS, uomMapping: parts.uomMapping, crumbs: parts.crumbs });
  return `${head.slice(0, -1)},"rows":[${rows}],"metas":${JSON.stringify(metas)}}`;
}

/** One product of a chunk, as a wrapper is made of but for its discrepancies (metaTuple says why). */
export interface FillProduct {
  product: Product;
  prices: SellerPrice[];
  uomMapping: Record<string, string>;
  productCategoryDescription: ProductCategoryDescription;
}

const sellerPrice = (t: Tuple): SellerPrice => ({
  uom: t[0] as string,
  lowerQuantity: t[1] as number,
  upperQuantity: t[2] as number | null,
  price: t[3] as number,
  startDate: t[4] as string,
  currency: t[5] as string,
});

const contractPrice = (t: Tuple): ContractPrice => ({
  uom: t[0] as string,
  quantity: t[1] as number,
  price: t[2] as number,
  effectiveDate: t[3] as string,
  currency: t[4] as string,
});

/** The code, description and other name of a chunk's row, without decoding the rest (the search text). */
export const FILL_CODE = FILL_PRODUCT_FIELDS.indexOf('productCode');
export const FILL_DESCRIPTION = FILL_PRODUCT_FIELDS.indexOf('description');
export const FILL_OTHER_NAME = FILL_PRODUCT_FIELDS.indexOf('otherName');

/** The products of a checked chunk, in order. A chunk's rows share its mapping and breadcrumbs (the same objects). */
export function decodeFillProducts(chunk: FillChunk, sellerId: string): FillProduct[] {
  return chunk.rows.map((row: Tuple) => {
    const product = { sellerId } as Record<string, unknown>;
    FILL_PRODUCT_FIELDS.forEach((f, n) => (product[f] = row[n]));
    const n = FILL_PRODUCT_FIELDS.length;
    return {
      product: product as Product,
      prices: (row[n] as Tuple[]).map(sellerPrice),
      uomMapping: chunk.uomMapping,
      productCategoryDescription: chunk.crumbs[row[n + 1] as number]!,
    };
  });
}

/** The buyer's metas of a checked chunk. */
export function decodeFillMetas(chunk: FillChunk, buyerSellerId: string): Meta[] {
  return chunk.metas.map((m) => ({
    excluded: m[1],
    productCode: (chunk.rows[m[0]] as Tuple)[FILL_CODE] as string,
    buyerSellerId,
    contractPrices: m[2].map(contractPrice),
    lastExportedEpochMilliSeconds: m[3],
  }));
}
