/** The job kinds of the catalogue area; the upload URLs name them as their purpose. */
export const JOB_KINDS = {
  priceFileImport: 'price-file-import',
  pricelistPriceImport: 'pricelist-price-import',
  templateGenerate: 'catalogue-template-generate',
  templateApply: 'catalogue-template-apply',
  catalogueExport: 'catalogue-export',
  categoryTreeImport: 'category-tree-import',
  invoiceRematch: 'invoice-rematch',
} as const;
