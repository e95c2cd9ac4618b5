import { describe, expect, it } from 'vitest';
import { can, type Viewer } from '../../src/domain/roles';
import {
  applyCorrections,
  correctionAction,
  correctionChanges,
  correctionDescription,
  extractedValueOf,
  recordCorrections,
  validateInvoiceCorrection,
} from '../../src/domain/rules/invoice-corrections';
import { invoiceCorrectionSchema, type InvoiceCorrectionInput } from '../../src/domain/schemas/invoice-corrections';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';

const doc: InvoiceDocument = {
  documentId: 'INV-1',
  dateCreated: '2026-11-05T00:00:00.000Z',
  referenceId: '4500001',
  referenceSystemId: null,
  currency: 'AUD',
  freight: 0,
  additionalCharges: 0,
  subtotal: 70,
  discount: 0,
  totalTax: 7,
  totalValue: 77,
  comments: null,
  validationErrors: { general: [], header: [{ error: 'PO 4500001 not found' }], line: [] },
  lineItems: [
    { id: 11, sequence: 1, code: 'A', description: 'Tips', qtyShipped: 20, uom: 'EA', unitPrice: 1, discount: 0, tax: 2, grossLineTotal: 22 },
    { id: 12, sequence: 2, code: null, description: 'Gloves', qtyShipped: 1, uom: null, unitPrice: 50, discount: 0, tax: 5, grossLineTotal: 55 },
  ],
};

const parse = (input: InvoiceCorrectionInput) => invoiceCorrectionSchema.parse(input);

describe('the correction schema', () => {
  it('takes only the correctable fields of the header and lines', () => {
    expect(parse({ header: { referenceId: '4500011' } })).toEqual({ header: { referenceId: '4500011' }, lines: [] });
    expect(invoiceCorrectionSchema.safeParse({ header: { totalValue: 1 } }).success).toBe(false);
    expect(invoiceCorrectionSchema.safeParse({ lines: [{ id: 11, description: 'x' }] }).success).toBe(false);
    expect(invoiceCorrectionSchema.safeParse({ lines: [{ id: 11, qtyShipped: '2' }] }).success).toBe(false);
    expect(invoiceCorrectionSchema.safeParse({ header: { referenceId: 'A\u0000' } }).success).toBe(false);
    expect(invoiceCorrectionSchema.safeParse({ header: { referenceId: 'x'.repeat(65) } }).success).toBe(false);
  });
});

describe('the correction rules', () => {
  it('refuse blank texts, impossible dates, quantities of 0 or less, negative prices and lines not on the invoice', () => {
    const issues = validateInvoiceCorrection(doc, parse({ header: { documentId: '  ', dateCreated: '2026-02-29' }, lines: [{ id: 11, qtyShipped: 0, unitPrice: -0.01, code: '' }, { id: 99 }] }));
    expect(issues).toEqual([
      { field: 'documentId', message: 'Invoice Number is required' },
      { field: 'dateCreated', message: 'Issue Date must be a date (YYYY-MM-DD)' },
      { field: 'line.11.code', message: 'Code is required' },
      { field: 'line.11.qtyShipped', message: 'Quantity must be more than 0' },
      { field: 'line.11.unitPrice', message: 'Unit Price must be 0 or more' },
      { field: 'line.99', message: 'Line 99 is not on this invoice' },
    ]);
    // What the form typed but is not a number reaches the rules (the schema refuses it on the wire).
    expect(validateInvoiceCorrection(doc, { header: {}, lines: [{ id: 11, qtyShipped: Number.NaN }] })).toEqual([{ field: 'line.11.qtyShipped', message: 'Quantity must be a number' }]);
  });

  it('accept the bounds: a price of exactly 0, the smallest quantity, a leap day', () => {
    expect(validateInvoiceCorrection(doc, parse({ header: { dateCreated: '2028-02-29' }, lines: [{ id: 11, qtyShipped: 0.001, unitPrice: 0 }] }))).toEqual([]);
  });

  it('find only the fields that change, comparing texts trimmed and the issue date by day', () => {
    const changes = correctionChanges(
      doc,
      parse({ header: { referenceId: ' 4500011 ', documentId: 'INV-1', dateCreated: '2026-11-05' }, lines: [{ id: 11, qtyShipped: 2, unitPrice: 1, uom: 'EA' }, { id: 12, code: 'B', uom: '' }] }),
    );
    expect(changes).toEqual([
      { field: 'referenceId', from: '4500001', to: '4500011' },
      { field: 'qtyShipped', lineId: 11, from: 20, to: 2 },
      { field: 'code', lineId: 12, from: null, to: 'B' },
    ]);
  });

  it('apply the values and leave the totals and other lines as the supplier wrote them', () => {
    const changes = correctionChanges(doc, parse({ header: { dateCreated: '2026-11-04' }, lines: [{ id: 11, qtyShipped: 2, unitPrice: 10 }] }));
    const next = applyCorrections(doc, changes);
    expect(next.dateCreated).toBe('2026-11-04T00:00:00.000Z');
    expect(next.lineItems[0]).toMatchObject({ qtyShipped: 2, unitPrice: 10, grossLineTotal: 22 });
    expect(next.lineItems[1]).toEqual(doc.lineItems[1]);
    expect(next.totalValue).toBe(77);
    // The held document is not changed in place.
    expect(doc.lineItems[0]!.qtyShipped).toBe(20);
  });

  it('keep the extracted value through later corrections, and forget it once corrected back', () => {
    const first = recordCorrections([], [{ field: 'referenceId', from: '4500001', to: '4500003' }], 'Jo Clerk', '2026-11-06T09:00:00.000Z');
    expect(first).toEqual([{ field: 'referenceId', extracted: '4500001', user: 'Jo Clerk', date: '2026-11-06T09:00:00.000Z' }]);
    const second = recordCorrections(first, [{ field: 'referenceId', from: '4500003', to: '4500011' }, { field: 'qtyShipped', lineId: 11, from: 20, to: 2 }], 'Sam AP', 'later');
    expect(second).toEqual([
      { field: 'referenceId', extracted: '4500001', user: 'Sam AP', date: 'later' },
      { field: 'qtyShipped', lineId: 11, extracted: 20, user: 'Sam AP', date: 'later' },
    ]);
    expect(extractedValueOf(second, 'qtyShipped', 11)).toBe('20');
    expect(extractedValueOf(second, 'qtyShipped', 12)).toBeNull();
    expect(recordCorrections(second, [{ field: 'qtyShipped', lineId: 11, from: 2, to: 20 }], 'Sam AP', 'last')).toEqual([second[0]]);
  });

  it('word the history entry with the field, the line and both values', () => {
    expect(correctionDescription({ field: 'referenceId', from: '4500001', to: '4500011' }, doc.lineItems, 'Jo Clerk')).toBe('PO Number corrected from 4500001 to 4500011 by Jo Clerk');
    expect(correctionDescription({ field: 'unitPrice', lineId: 11, from: 1, to: 10 }, doc.lineItems, 'Jo Clerk')).toBe('Line 1 (A) Unit Price corrected from 1 to 10 by Jo Clerk');
    expect(correctionAction({ field: 'qtyShipped', lineId: 11 }, doc.lineItems)).toBe('Line 1 (A) Quantity corrected');
    expect(correctionDescription({ field: 'code', lineId: 12, from: null, to: 'B' }, doc.lineItems, 'Jo Clerk')).toBe('Line 2 Code corrected from (none) to B by Jo Clerk');
  });
});

describe('who may correct', () => {
  const viewer = (v: Partial<Viewer>): Viewer => ({ userType: 'REGULAR', orgType: 'UNIVERSITY', orgId: 'UNIWESTMERE1', ...v });
  it('every user of a buyer, and support acting as a buyer; no supplier, no support without a buyer', () => {
    expect(can(viewer({}), 'correctInvoices')).toBe(true);
    expect(can(viewer({ userType: 'ADMIN' }), 'correctInvoices')).toBe(true);
    expect(can(viewer({ orgType: 'SUPPLIER' }), 'correctInvoices')).toBe(false);
    expect(can(viewer({ userType: 'SUPPORT', orgType: 'SUPPORT' }), 'correctInvoices')).toBe(false);
    expect(can(viewer({ userType: 'SUPPORT', orgType: 'SUPPORT', renderFor: { orgType: 'UNIVERSITY', orgId: 'UNIWESTMERE1', companyName: 'Westmere' } }), 'correctInvoices')).toBe(true);
    expect(can(viewer({ userType: 'SUPPORT', orgType: 'SUPPORT', renderFor: { orgType: 'SUPPLIER', orgId: 'SUPACMESCI01', companyName: 'Acme' } }), 'correctInvoices')).toBe(false);
  });
});
