import type { Meta, ProductWrapper } from '../../../src/domain/schemas/catalogue';

/** A product wrapper as the server answers it (schema-complete), with the fields a test cares about. */
export function productWrapper(sellerId: string, code: string, description = `Product ${code}`, meta: Meta | null = null): ProductWrapper {
  return {
    product: {
      productCode: code,
      sellerId,
      description,
      longDescription: null,
      otherName: null,
      unitOfMeasure: 'EA',
      flagCode: 'A',
      taxable: 'Y',
      leadTime: null,
      warrentyPeriod: null,
      unavailableFromDate: null,
      unavailableToDate: null,
      chemicalClassifications: null,
      chemManagementPlatformId: null,
      casNumbers: null,
      dangerousGoodsFlag: null,
      hazardousMaterialFlag: null,
      radioActiveFlag: null,
      weight: null,
      weightUnit: null,
      width: null,
      widthUnit: null,
      height: null,
      heightUnit: null,
      depth: null,
      depthUnit: null,
      length: null,
      lengthUnit: null,
      message: null,
      comments: null,
      barcodes: [],
      urls: [],
      assets: [],
    },
    meta,
    prices: [],
    uomMapping: {},
    productCategoryDescription: { catalog: null, class: null, category: null, group: null },
    priceDiscrepancyTable: [],
  };
}

export const metaFor = (buyerId: string, sellerId: string, code: string, excluded: boolean): Meta => ({
  excluded,
  productCode: code,
  buyerSellerId: `${buyerId}:${sellerId}`,
  contractPrices: [],
  lastExportedEpochMilliSeconds: null,
});
