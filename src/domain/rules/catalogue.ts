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

type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface ToolsetInput {
  /** The supplier picked (buyers), or null. */
  sellerId: string | null;
  /** The template's download link, once generation is done. */
  downloadUrl: string | null;
  generating: boolean;
  productCount: number;
  exportState: JobState | null;
  online: boolean;
}

export interface ToolsetState {
  generate: boolean;
  download: boolean;
  requestModification: boolean;
  export: boolean;
}

/**
 * The buyer's toolset (spec sections 4 and 5): Generate is disabled once a download
 * link exists (and while generating); Download needs the link; Request Modification
 * needs a selected supplier; Export needs products and no export running. Every tool
 * calls the server, so none is offered offline.
 */
export function catalogueToolset(input: ToolsetInput): ToolsetState {
  const supplierSelected = validateUploadTarget({ sellerId: input.sellerId }).length === 0;
  const ready = supplierSelected && input.online;
  const exportRunning = input.exportState === 'queued' || input.exportState === 'running';
  return {
    generate: ready && input.downloadUrl === null && !input.generating,
    download: ready && input.downloadUrl !== null,
    requestModification: ready,
    export: ready && validateCatalogueExport({ productCount: input.productCount }).length === 0 && !exportRunning,
  };
}
