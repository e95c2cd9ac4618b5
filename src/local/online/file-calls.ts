/**
 * The calls that act at once and are never queued: the upload URLs of the files a user
 * sends (invoices, price files, category trees, catalogue templates), the catalogue's
 * template and export actions, and the jobs they start (spec section 7). From src/api,
 * which features reach only through src/local.
 */
export { exportCatalogue, fetchJob, priceFileUploadUrl, requestTemplate, templateUploadUrl } from '../../api/catalogue-calls';
export { requestCategoryTreeUploadUrl, requestInvoiceUploadUrl } from '../../api/upload-calls';
export { requestPriceUploadUrl } from '../../api/pricelist-calls';
