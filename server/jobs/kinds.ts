/** Every job kind; the upload URLs name the catalogue's import kinds as their purpose. */
export const JOB_KINDS = {
  priceFileImport: 'price-file-import',
  pricelistPriceImport: 'pricelist-price-import',
  templateGenerate: 'catalogue-template-generate',
  templateApply: 'catalogue-template-apply',
  catalogueExport: 'catalogue-export',
  categoryTreeImport: 'category-tree-import',
  invoiceRematch: 'invoice-rematch',
  /** An order's, ASN's or invoice's cXML document sent through the EDI export setting (server/edi/export-job.ts). */
  ediExport: 'edi-export',
} as const;
