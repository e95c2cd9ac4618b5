import { describe, expect, it } from 'vitest';
import { matchInvoice } from '../../src/domain/rules/invoice-matching';
import { describeMatchChange, outcomeLabel } from '../../src/domain/rules/match-changes';
import { messages } from '../../src/domain/messages';
import { DEFAULT_MATCHING_SETTINGS } from '../../src/domain/schemas/invoice-matching';
import { documentOf, inputOf, lineOf, orderOf } from './support/matching-input';

const errorsOf = (r: ReturnType<typeof matchInvoice>) => ({
  general: r.validationErrors.general.map((e) => e.error),
  header: r.validationErrors.header.map((e) => e.error),
  line: r.validationErrors.line.map((e) => e.error),
});

const fullInvoice = () => documentOf([lineOf(1, 'A', 10, 10), lineOf(2, 'B', 4, 25)]);

describe('an invoice that bills its order as shipped', () => {
  it('is Matched with no errors', () => {
    const r = matchInvoice(inputOf(fullInvoice()));
    expect(errorsOf(r)).toEqual({ general: [], header: [], line: [] });
    expect(r.outcome).toEqual({ status: 'Matched', exceptions: 0 });
  });
});

describe('General', () => {
  it('an invoice without a document is the extraction error', () => {
    const r = matchInvoice(inputOf(null));
    expect(errorsOf(r).general).toEqual([messages.documentExtractionError]);
    expect(r.outcome).toEqual({ status: 'Exceptions', exceptions: 1 });
  });

  it("an invoice without a document keeps the intake's own errors beside the extraction error", () => {
    const flag = 'Sender ar@acme.test matches a sender source but failed DKIM and SPF checks';
    const r = matchInvoice(inputOf(null, { intakeErrors: [flag] }));
    expect(errorsOf(r).general).toEqual([messages.documentExtractionError, flag]);
    expect(r.outcome).toEqual({ status: 'Exceptions', exceptions: 2 });
  });

  it('a sender that is no supplier of the portal', () => {
    const r = matchInvoice(inputOf(fullInvoice(), { supplierKey: null, supplierName: null }));
    expect(errorsOf(r).general).toEqual(["Supplier not identified: no supplier matches the document's party ids or the sender ar@acme.test"]);
  });

  it("keeps the intake's own General errors, which no rule can recompute, first", () => {
    const flag = 'Sender ar@acme.test matches a sender source but failed DKIM and SPF checks';
    const r = matchInvoice(inputOf(fullInvoice(), { intakeErrors: [flag], duplicateReceivedOn: '2026-11-03T09:15:00.000Z' }));
    expect(errorsOf(r).general).toEqual([flag, 'Duplicate: invoice INV-1 from Acme Scientific was already received on 2026-11-03']);
    expect(r.outcome).toEqual({ status: 'Exceptions', exceptions: 2 });
  });

  it('a duplicate names the date the first was received', () => {
    const r = matchInvoice(inputOf(fullInvoice(), { duplicateReceivedOn: '2026-11-03T09:15:00.000Z' }));
    expect(errorsOf(r).general).toEqual(['Duplicate: invoice INV-1 from Acme Scientific was already received on 2026-11-03']);
  });

  it('a credit note must name the invoice it credits', () => {
    const earlier = [{ creditNote: false, totalValue: 220, lines: [{ code: 'A', quantity: 10 }] }];
    const credit = documentOf([lineOf(1, 'A', 2, 10)], { documentType: 'Credit Note', documentId: 'CN-7' });
    expect(errorsOf(matchInvoice(inputOf(credit, { earlier }))).general).toEqual(['Credit note CN-7 does not name the invoice it credits']);
    const referenced = { ...credit, precedingInvoiceId: 'INV-1' };
    expect(matchInvoice(inputOf(referenced, { earlier })).outcome.status).toBe('Matched');
  });
});

describe('Header: EN 16931 sums, to the cent', () => {
  it('BR-CO-15 names the total, the net and the tax', () => {
    const doc = documentOf([lineOf(1, 'A', 10, 110)], { subtotal: 1100, totalTax: 110, totalValue: 1234.5 });
    expect(errorsOf(matchInvoice(inputOf(doc))).header).toContain('BR-CO-15: total 1,234.50 is not net 1,100.00 + tax 110.00');
  });

  it('BR-CO-10: the subtotal is the lines added up', () => {
    const doc = { ...fullInvoice(), subtotal: 200.01, totalValue: 220.01 };
    expect(errorsOf(matchInvoice(inputOf(doc))).header).toContain("BR-CO-10: sum of lines 200.01 is not the lines' net amounts added up, 200.00");
  });

  it('freight, charges and discount count towards the net: total = lines - discount + charges + tax', () => {
    const doc = { ...fullInvoice(), freight: 12.5, additionalCharges: 5.5, discount: 4, totalTax: 21.4, totalValue: 235.4 };
    const order = { kind: 'found' as const, order: orderOf({ total: 300 }) };
    expect(errorsOf(matchInvoice(inputOf(doc, { order }))).header).toEqual([]);
    expect(errorsOf(matchInvoice(inputOf({ ...doc, totalValue: 235.41 }, { order }))).header[0]).toMatch(/^BR-CO-15: total 235.41 is not net 214.00 \+ tax 21.40/);
  });

  it('rounds half up as the standard does: 3 x 0.335 is 1.01', () => {
    const line = { ...lineOf(1, 'A', 3, 0.335), tax: 0, grossLineTotal: 1.01 };
    const doc = documentOf([line], { referenceId: null });
    const r = matchInvoice(inputOf(doc, { order: { kind: 'noPoNumber' } }));
    expect(errorsOf(r).line).toEqual([]);
    expect(errorsOf(r).header).toEqual(['No PO number on the invoice']);
  });

  it('a line whose quantity times price less discount is not its net (PEPPOL-EN16931-R120)', () => {
    const line = { ...lineOf(2, 'B', 4, 25), grossLineTotal: 111 };
    const r = matchInvoice(inputOf(documentOf([lineOf(1, 'A', 10, 10), line])));
    expect(errorsOf(r).line).toEqual(['PEPPOL-EN16931-R120: Line 2 (B): 4 x 25.00 - 0.00 is 100.00, not the line\'s net 101.00']);
  });

  it('an issue date after today', () => {
    const doc = { ...fullInvoice(), dateCreated: '2026-11-27T00:00:00.000Z' };
    expect(errorsOf(matchInvoice(inputOf(doc))).header).toEqual(['Issue date 2026-11-27 is in the future']);
    expect(errorsOf(matchInvoice(inputOf({ ...doc, dateCreated: '2026-11-26T00:00:00.000Z' }))).header).toEqual([]);
  });
});

describe('Header: against the order', () => {
  it.each([
    ['notFound', 'PO PO-1 not found'],
    ['otherSupplier', 'PO PO-1 is an order to another supplier'],
    ['otherBuyer', 'PO PO-1 is an order of another buyer'],
  ] as const)('%s', (kind, text) => {
    const r = matchInvoice(inputOf(fullInvoice(), { order: { kind } }));
    expect(errorsOf(r).header).toEqual([text]);
    expect(errorsOf(r).line).toEqual([]);
  });

  it('a currency other than the order', () => {
    const doc = { ...fullInvoice(), currency: 'NZD' };
    expect(errorsOf(matchInvoice(inputOf(doc))).header).toEqual(['Currency NZD is not AUD, the currency of order PO-1']);
  });

  it('a total above what is left of the order beyond tolerance, over several invoices', () => {
    const earlier = [{ creditNote: false, totalValue: 110, lines: [{ code: 'A', quantity: 10 }] }];
    // 110.00 left of 220.00; 5 % of 220.00 is 11.00: 121.00 passes, 121.01 does not.
    const at = documentOf([lineOf(1, 'B', 4, 27.5)], { totalValue: 121, totalTax: 11, subtotal: 110 });
    const over = { ...at, totalValue: 121.01, totalTax: 11.01 };
    const settings = { ...DEFAULT_MATCHING_SETTINGS, pricePercent: 10 };
    expect(errorsOf(matchInvoice(inputOf(at, { earlier, settings }))).header).toEqual([]);
    expect(errorsOf(matchInvoice(inputOf(over, { earlier, settings }))).header).toEqual([
      'Total 121.01 is above the 110.00 left of order PO-1 (order 220.00, invoiced before 110.00) by more than 5 %',
    ]);
  });
});

describe('Line', () => {
  it('a product not on the order', () => {
    const r = matchInvoice(inputOf(documentOf([lineOf(1, 'A', 10, 10), lineOf(2, 'Z', 1, 5)])));
    expect(errorsOf(r).line).toEqual(['Line 2 (Z): product Z is not on order PO-1']);
  });

  it('a unit that is the ordered unit spelled otherwise matches; another unit does not', () => {
    const order = orderOf({ lines: [{ number: 1, code: 'A', uom: 'BX', quantity: 10, unitPrice: 10 }] });
    const shipped = new Map([[1, 10]]);
    const asBox = documentOf([lineOf(1, 'A', 10, 10, { uom: 'Box' })]);
    expect(errorsOf(matchInvoice(inputOf(asBox, { order: { kind: 'found', order }, shipped }))).line).toEqual([]);
    const asCase = documentOf([lineOf(1, 'A', 10, 10, { uom: 'CS' })]);
    expect(errorsOf(matchInvoice(inputOf(asCase, { order: { kind: 'found', order }, shipped }))).line).toEqual([
      'Line 1 (A): unit CS is not BX, the unit ordered',
    ]);
  });

  it("the supplier's UOM mapping is applied before comparing", () => {
    const order = orderOf({ lines: [{ number: 1, code: 'A', uom: 'BX', quantity: 10, unitPrice: 10 }] });
    const doc = documentOf([lineOf(1, 'A', 10, 10, { uom: 'schachtel' })]);
    const r = matchInvoice(inputOf(doc, { order: { kind: 'found', order }, shipped: new Map([[1, 10]]), supplierUoms: new Map([['SCHACHTEL', 'BX']]) }));
    expect(errorsOf(r).line).toEqual([]);
  });

  it('a unit price other than the order, at the bound and one cent over', () => {
    const settings = { ...DEFAULT_MATCHING_SETTINGS, priceAmount: 0.1 };
    expect(errorsOf(matchInvoice(inputOf(documentOf([lineOf(1, 'A', 10, 10.1)]), { settings }))).line).toEqual([]);
    expect(errorsOf(matchInvoice(inputOf(documentOf([lineOf(1, 'A', 10, 10.11)]), { settings }))).line).toEqual([
      'Line 1 (A): unit price 10.11 is not 10.00, the price ordered, within tolerance',
    ]);
  });

  it("a unit price other than the buyer's contract price in force on the invoice date", () => {
    const contractPrices = new Map([
      [
        'A',
        [
          { uom: 'EA', quantity: 1, price: 9.5, effectiveDate: '2026-01-01', currency: 'AUD' },
          { uom: 'EA', quantity: 1, price: 10, effectiveDate: '2026-12-01', currency: 'AUD' },
        ],
      ],
    ]);
    const r = matchInvoice(inputOf(documentOf([lineOf(1, 'A', 10, 10)]), { contractPrices }));
    expect(errorsOf(r).line).toEqual(['Line 1 (A): unit price 10.00 is not 9.50, the contract price, within tolerance']);
  });
});

describe('Line quantities, 2-way', () => {
  const twoWay = { ...DEFAULT_MATCHING_SETTINGS, mode: '2-way' as const };

  it('needs no ASN: what was ordered may be invoiced', () => {
    expect(matchInvoice(inputOf(fullInvoice(), { settings: twoWay, shipped: new Map() })).outcome.status).toBe('Matched');
  });

  it('several invoices against one order: what earlier ones claimed is no longer left', () => {
    const earlier = [{ creditNote: false, totalValue: 66, lines: [{ code: 'A', quantity: 6 }] }];
    expect(errorsOf(matchInvoice(inputOf(documentOf([lineOf(1, 'A', 5, 10)]), { settings: twoWay, earlier }))).line).toEqual([]);
    expect(errorsOf(matchInvoice(inputOf(documentOf([lineOf(1, 'A', 6, 10)]), { settings: twoWay, earlier }))).line).toEqual([
      'Line 1 (A): quantity 6 is above the 4 left to invoice (ordered 10, invoiced before 6)',
    ]);
  });

  it('a credit note gives back what it credits', () => {
    const earlier = [
      { creditNote: false, totalValue: 110, lines: [{ code: 'A', quantity: 10 }] },
      { creditNote: true, totalValue: 33, lines: [{ code: 'A', quantity: 3 }] },
    ];
    expect(errorsOf(matchInvoice(inputOf(documentOf([lineOf(1, 'A', 4, 10)]), { settings: twoWay, earlier }))).line).toEqual([]);
  });

  it('a credit note may not credit more than was invoiced', () => {
    const earlier = [{ creditNote: false, totalValue: 33, lines: [{ code: 'A', quantity: 3 }] }];
    const credit = documentOf([lineOf(1, 'A', 5, 10)], { documentType: 'Credit Note', precedingInvoiceId: 'INV-1' });
    expect(errorsOf(matchInvoice(inputOf(credit, { earlier }))).line).toEqual(['Line 1 (A): credits 5, more than the 3 invoiced']);
  });

  it('two lines of one product on one invoice add up', () => {
    const doc = documentOf([lineOf(1, 'A', 6, 10), lineOf(2, 'A', 6, 10)]);
    expect(errorsOf(matchInvoice(inputOf(doc, { settings: twoWay }))).line).toEqual([
      'Line 2 (A): quantity 6 is above the 4 left to invoice (ordered 10, invoiced before 6)',
    ]);
  });
});

describe('Line quantities, 3-way', () => {
  it('a quantity no submitted ASN covers yet is Pending Receiving, not an error', () => {
    const r = matchInvoice(inputOf(fullInvoice(), { shipped: new Map([[1, 4]]) }));
    expect(errorsOf(r).line).toEqual([]);
    expect(r.outcome).toEqual({ status: 'Pending Receiving', exceptions: 0 });
    expect(r.pendingLines).toEqual([1, 2]);
  });

  it('partial shipments add up, and the quantity tolerance applies to what was shipped', () => {
    expect(matchInvoice(inputOf(fullInvoice(), { shipped: new Map([[1, 9], [2, 4]]) })).outcome.status).toBe('Matched');
    expect(matchInvoice(inputOf(fullInvoice(), { shipped: new Map([[1, 8], [2, 4]]) })).outcome.status).toBe('Pending Receiving');
  });

  it('once the line is shipped in full, more than shipped is an error', () => {
    const earlier = [{ creditNote: false, totalValue: 44, lines: [{ code: 'A', quantity: 4 }] }];
    const r = matchInvoice(inputOf(documentOf([lineOf(1, 'A', 8, 10)]), { earlier, shipped: new Map([[1, 10]]) }));
    expect(errorsOf(r).line).toEqual(['Line 1 (A): quantity 8 is above the 6 shipped and not yet invoiced (shipped 10, invoiced before 4)']);
    expect(r.outcome).toEqual({ status: 'Exceptions', exceptions: 1 });
  });

  it('an over-delivery received is billed up to what was ordered: the units beyond it are an error, not a match', () => {
    const received = new Set([1]);
    expect(matchInvoice(inputOf(documentOf([lineOf(1, 'A', 10, 10)]), { shipped: new Map([[1, 14]]), received })).outcome.status).toBe('Matched');
    const r = matchInvoice(inputOf(documentOf([lineOf(1, 'A', 14, 10)]), { shipped: new Map([[1, 14]]), received }));
    expect(errorsOf(r).line).toEqual(['Line 1 (A): quantity 14 is above the 10 left to invoice (ordered 10, invoiced before 0)']);
  });

  it('more than ordered is an error even before anything ships', () => {
    const r = matchInvoice(inputOf(documentOf([lineOf(1, 'A', 12, 10)]), { shipped: new Map() }));
    expect(errorsOf(r).line).toEqual(['Line 1 (A): quantity 12 is above the 10 left to invoice (ordered 10, invoiced before 0)']);
  });
});

describe('what a re-match changed', () => {
  const errs = (line: string[]) => ({ general: [], header: [], line: line.map((error) => ({ error })) });

  it('counts resolved and new exceptions per level and names the outcome change', () => {
    const text = describeMatchChange(
      { errors: errs(['a', 'b', 'c']), outcome: { status: 'Exceptions', exceptions: 3 } },
      { errors: errs(['c']), outcome: { status: 'Exceptions', exceptions: 1 } },
    );
    expect(text).toBe('2 line exceptions resolved; Exceptions (3) -> Exceptions (1)');
    expect(describeMatchChange({ errors: errs([]), outcome: { status: 'Pending Receiving', exceptions: 0 } }, { errors: errs([]), outcome: { status: 'Matched', exceptions: 0 } })).toBe(
      'Pending Receiving -> Matched',
    );
  });

  it('is null when nothing changed', () => {
    const same = { errors: errs(['a']), outcome: { status: 'Exceptions' as const, exceptions: 1 } };
    expect(describeMatchChange(same, same)).toBeNull();
    expect(outcomeLabel(same.outcome)).toBe('Exceptions (1)');
  });
});
