import { fieldErrors } from '../messages';

export const catalogueErrors = {
  supplierRequired: 'A supplier must be selected',
  noProductsToExport: 'There are no products to export',
  pricelistNameRequired: fieldErrors.required('Pricelist name'),
  buyersMustBeUniversities: (ids: string[]) => `Only universities can be mapped: ${ids.join(', ')}`,
} as const;

/** Pricelist name: non-empty. */
export function validatePricelist(input: { name: string }): string[] {
  return input.name.trim() ? [] : [catalogueErrors.pricelistNameRequired];
}

/** Uploading (template, price file) requires a selected supplier. */
export function validateUploadTarget(input: { sellerId: string | null | undefined }): string[] {
  return input.sellerId && input.sellerId.trim() ? [] : [catalogueErrors.supplierRequired];
}

/** Export Catalogue is disabled when there are no products. */
export function validateCatalogueExport(input: { productCount: number }): string[] {
  return input.productCount > 0 ? [] : [catalogueErrors.noProductsToExport];
}
