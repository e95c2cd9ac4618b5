import type { InvoiceDocument } from '../../../src/domain/schemas/invoices';

/**
 * What tests/fixtures/invoices/cxml/invoice-taxes-at-line.xml (Coupa's public sample)
 * states, field by field, without the validation errors matching adds.
 */
export const CXML_SAMPLE_FIELDS: Omit<InvoiceDocument, 'validationErrors'> = {
  documentId: '3495',
  dateCreated: '2009-05-01T00:00:00.000Z',
  referenceId: '123',
  referenceSystemId: null,
  currency: 'USD',
  freight: 30,
  additionalCharges: 5,
  subtotal: 365,
  discount: 0,
  totalTax: 8,
  // NetAmount is left empty: the total is what the summary's parts add up to.
  totalValue: 408,
  comments: null,
  lineItems: [
    { id: 1, sequence: 1, code: null, description: 'NEW 1 NINTENDO WII GAME CONSOLE + WII FIT BUNDLE +GAMES', qtyShipped: 1, uom: 'EA', unitPrice: 365, discount: 0, tax: 8, grossLineTotal: 373 },
  ],
};
