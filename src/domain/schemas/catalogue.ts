import { z } from 'zod';
import { wholeNumber } from './numbers';
import { text } from './text';

/**
 * Catalogue entities as the spec names them (invoices-catalogue-accounts.md section 3),
 * the contract's spelling kept (`warrentyPeriod`). One shape serves the GET answers,
 * the changes feed and the browser's mirror.
 */

const barcodeSchema = z.object({ uom: z.string(), code: z.string(), type: z.string() });
const productUrlSchema = z.object({ url: z.string(), notes: z.string().nullable() });
const productAssetSchema = z.object({ type: z.string(), downloadUrl: z.string() });

export const productSchema = z.object({
  productCode: z.string(),
  sellerId: z.string(),
  description: z.string().nullable(),
  longDescription: z.string().nullable(),
  otherName: z.string().nullable(),
  unitOfMeasure: z.string().nullable(),
  /** A Active, C Cancelled. */
  flagCode: z.string().nullable(),
  /** 'Y' is taxable; anything else is not. */
  taxable: z.string().nullable(),
  /** Days. */
  leadTime: z.number().nullable(),
  /** Years. */
  warrentyPeriod: z.number().nullable(),
  unavailableFromDate: z.string().nullable(),
  unavailableToDate: z.string().nullable(),
  /** Semicolon separated. */
  chemicalClassifications: z.string().nullable(),
  chemManagementPlatformId: z.string().nullable(),
  casNumbers: z.string().nullable(),
  dangerousGoodsFlag: z.boolean().nullable(),
  hazardousMaterialFlag: z.boolean().nullable(),
  radioActiveFlag: z.boolean().nullable(),
  weight: z.number().nullable(),
  weightUnit: z.string().nullable(),
  width: z.number().nullable(),
  widthUnit: z.string().nullable(),
  height: z.number().nullable(),
  heightUnit: z.string().nullable(),
  depth: z.number().nullable(),
  depthUnit: z.string().nullable(),
  length: z.number().nullable(),
  lengthUnit: z.string().nullable(),
  message: z.string().nullable(),
  comments: z.string().nullable(),
  barcodes: z.array(barcodeSchema),
  urls: z.array(productUrlSchema),
  assets: z.array(productAssetSchema),
});
export type Product = z.infer<typeof productSchema>;

const contractPriceSchema = z.object({
  uom: z.string(),
  quantity: z.number(),
  price: z.number(),
  effectiveDate: z.string(),
  currency: z.string(),
});
export type ContractPrice = z.infer<typeof contractPriceSchema>;

/** A buyer's view of one supplier product: inclusion and contract prices. */
export const metaSchema = z.object({
  excluded: z.boolean(),
  productCode: z.string(),
  buyerSellerId: z.string(),
  contractPrices: z.array(contractPriceSchema),
  lastExportedEpochMilliSeconds: z.number().nullable(),
});
export type Meta = z.infer<typeof metaSchema>;

const sellerPriceSchema = z.object({
  uom: z.string(),
  lowerQuantity: z.number(),
  /** Null: no upper bound. */
  upperQuantity: z.number().nullable(),
  price: z.number(),
  startDate: z.string(),
  currency: z.string(),
});
export type SellerPrice = z.infer<typeof sellerPriceSchema>;

/** One row of the 'Pricing Discrepancies' table; sellerPrice is null when the supplier has no price for it. */
const discrepancySchema = z.object({
  uom: z.string(),
  quantity: z.number(),
  sellerPrice: z.number().nullable(),
  buyerPrice: z.number(),
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

const categoryLevelSchema = z.object({ code: z.string(), description: z.string() }).nullable();

/** The breadcrumb of the product drawer: catalog > class > category > group. */
export const productCategoryDescriptionSchema = z.object({
  catalog: categoryLevelSchema,
  class: categoryLevelSchema,
  category: categoryLevelSchema,
  group: categoryLevelSchema,
});
export type ProductCategoryDescription = z.infer<typeof productCategoryDescriptionSchema>;

export const productWrapperSchema = z.object({
  product: productSchema,
  /** Null until the buyer first includes the product (and always in the supplier's view). */
  meta: metaSchema.nullable(),
  prices: z.array(sellerPriceSchema),
  /** The supplier's own code per standard unit of measure. */
  uomMapping: z.record(z.string(), z.string()),
  productCategoryDescription: productCategoryDescriptionSchema,
  priceDiscrepancyTable: z.array(discrepancySchema),
});
export type ProductWrapper = z.infer<typeof productWrapperSchema>;

export const productPageSchema = z.object({ data: z.array(productWrapperSchema), cursor: z.string().nullable() });
export type ProductPage = z.infer<typeof productPageSchema>;

/** Product lists are mirrored whole on demand, so a page may be larger than the screen's 20. */
const PRODUCT_PAGE_MAX = 500;

export const productListQuerySchema = z.object({
  limit: wholeNumber(z.number().min(1).max(PRODUCT_PAGE_MAX)).default(20),
  cursor: z.string().optional(),
  /** Code or description contains (case-insensitive). */
  q: z.string().trim().max(200).optional(),
});

/** Include or exclude: without `excluded` the flag toggles (the spec's checkbox); with it, it is set. */
export const metaUpdateSchema = z.object({ excluded: z.boolean().optional() });

export interface CategoryNode {
  code: string;
  description: string;
  children: CategoryNode[];
}
/** The server names it in the API's published contract, which refers to the node from inside itself. */
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    code: text('code').trim().min(1),
    description: text('line'),
    children: z.array(categoryNodeSchema).default([]),
  }),
) as z.ZodType<CategoryNode>;
export const categoryTreeSchema = z.array(categoryNodeSchema);

export const uploadUrlSchema = z.object({ uploadUrl: z.string() });
export const downloadRequestedSchema = z.object({ jobId: z.number().int(), downloadUrl: z.string().nullable() });

/** The buyer's supplier picker: suppliers only, 100 a page (spec section 6), name contains. */
export const supplierListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  nameLike: z.string().trim().max(200).optional(),
});
/** What a buyer learns of a supplier it may browse: no addresses or emails. */
export const supplierSchema = z.object({ uniqueKey: z.string(), name: z.string() });
export type Supplier = z.infer<typeof supplierSchema>;
