import { exportEdiDocument } from '../edi/export-job';
import { exportCatalogue } from './catalogue/catalogue-export';
import { importCategoryTree } from './catalogue/category-tree-import';
import { importPriceFile } from './catalogue/price-file-import';
import { importPricelistPrices } from './catalogue/pricelist-price-import';
import { applyTemplate, generateTemplate } from './catalogue/template';
import { handleIntakeMessage, handleInvoiceUpload } from '../intake/intake-jobs';
import { handleReExtraction } from '../intake/re-extract-invoice';
import { INTAKE_JOB_KINDS } from '../intake/intake-kinds';
import { rematchBuyerInvoices } from './invoices/rematch-buyer-invoices';
import type { JobHandler } from './job-context';
import { JOB_KINDS } from './kinds';

/** Every job kind the runner knows. Areas add their handlers here (one line each). */
export const jobHandlers: Record<string, JobHandler> = {
  [JOB_KINDS.priceFileImport]: importPriceFile,
  [JOB_KINDS.pricelistPriceImport]: importPricelistPrices,
  [JOB_KINDS.templateGenerate]: generateTemplate,
  [JOB_KINDS.templateApply]: applyTemplate,
  [JOB_KINDS.catalogueExport]: exportCatalogue,
  [JOB_KINDS.categoryTreeImport]: importCategoryTree,
  [INTAKE_JOB_KINDS.message]: handleIntakeMessage,
  [INTAKE_JOB_KINDS.upload]: handleInvoiceUpload,
  [INTAKE_JOB_KINDS.reExtract]: handleReExtraction,
  [JOB_KINDS.invoiceRematch]: rematchBuyerInvoices,
  [JOB_KINDS.ediExport]: exportEdiDocument,
};

/**
 * Job kinds that may run side by side (server/jobs/runner.ts): a received message is read
 * and extracted in the sandbox and written in one short transaction, and a second copy
 * of a message racing the first is told apart by the intake's unique key.
 */
export const concurrentJobKinds: ReadonlySet<string> = new Set([INTAKE_JOB_KINDS.message]);

/** Job kinds that apply an uploaded file: the purpose of a signed upload URL must be one of them. */
export const uploadJobKinds = new Set<string>([
  JOB_KINDS.priceFileImport,
  JOB_KINDS.pricelistPriceImport,
  JOB_KINDS.templateApply,
  JOB_KINDS.categoryTreeImport,
  INTAKE_JOB_KINDS.upload,
]);
