import { describe, expect, it } from 'vitest';
import { ASN_FIELD_LENGTHS } from '../../src/domain/constants';
import { formatDateOnly, formatDateTime, isValidIsoDate } from '../../src/domain/dates';
import { formatMoney, roundMoney } from '../../src/domain/money';
import { asnErrors, asnErrorTexts, hasAtMostTwoDecimals, validateAsnSubmit, type AsnDraftForRules } from '../../src/domain/rules/asn';

const valid: AsnDraftForRules = {
  orderNumber: 'PO-1001',
  noticeDate: '2026-11-01',
  deliveryDate: '2026-11-05',
  shipmentDate: '2026-11-02',
  carrierName: 'StarTrack',
  trackingId: 'ST123',
  shipFrom: { name: 'Acme' },
  shipTo: { name: 'Westmere' },
  lines: [
    { number: 1, quantity: 2, uom: 'EA' },
    { number: 2, quantity: 0.25, uom: 'KG' },
  ],
};

describe('validateAsnSubmit', () => {
  it('accepts a complete draft', () => {
    expect(validateAsnSubmit(valid)).toEqual([]);
  });

  it('needs a shipment date, an issue date and an order number, each error at its field', () => {
    expect(validateAsnSubmit({ ...valid, shipmentDate: '', noticeDate: null, orderNumber: '  ' })).toEqual([
      { field: 'shipmentDate', message: asnErrors.shipmentDateRequired },
      { field: 'noticeDate', message: asnErrors.issueDateRequired },
      { field: 'orderNumber', message: asnErrors.orderNumberRequired },
    ]);
  });

  it('rejects dates that are not real days', () => {
    expect(validateAsnSubmit({ ...valid, shipmentDate: '2026-02-30', noticeDate: 'tomorrow', deliveryDate: '2026-13-01' })).toEqual([
      { field: 'shipmentDate', message: asnErrors.invalidDate('Shipment date') },
      { field: 'noticeDate', message: asnErrors.invalidDate('Issue date') },
      { field: 'deliveryDate', message: asnErrors.invalidDate('Expected delivery date') },
    ]);
  });

  it('gives the plain texts, in order, for an errors list', () => {
    const issues = validateAsnSubmit({ ...valid, shipmentDate: '', lines: [{ number: 3, quantity: 0, uom: 'EA' }] });
    expect(asnErrorTexts(issues)).toEqual([asnErrors.shipmentDateRequired, asnErrors.quantityZero(3)]);
    expect(asnErrorTexts([])).toEqual([]);
  });

  it('needs lines, each with a non-zero quantity of at most two decimals, at the line (by its number)', () => {
    expect(validateAsnSubmit({ ...valid, lines: [] })).toEqual([{ field: 'lines', message: asnErrors.linesRequired }]);
    expect(
      validateAsnSubmit({
        ...valid,
        lines: [
          { number: 1, quantity: 0, uom: 'EA' },
          { number: 2, quantity: null, uom: 'EA' },
          { number: 3, quantity: -1, uom: 'EA' },
          { number: 4, quantity: 1.005, uom: 'EA' },
          { number: 5, quantity: 1.1, uom: 'EA' },
        ],
      }),
    ).toEqual([
      { field: 'line.1.quantity', message: asnErrors.quantityZero(1) },
      { field: 'line.2.quantity', message: asnErrors.quantityZero(2) },
      { field: 'line.3.quantity', message: asnErrors.quantityNegative(3) },
      { field: 'line.4.quantity', message: asnErrors.quantityDecimals(4) },
    ]);
  });

  it('rejects a line given twice', () => {
    expect(validateAsnSubmit({ ...valid, lines: [valid.lines[0]!, valid.lines[0]!] })).toEqual([
      { field: 'line.1.quantity', message: asnErrors.duplicateLine(1) },
    ]);
  });

  it('enforces every field length of the spec', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const address = {
      name: long(ASN_FIELD_LENGTHS.name),
      postalAddressName: long(ASN_FIELD_LENGTHS.postalAddressName),
      postalAddressStreet: long(ASN_FIELD_LENGTHS.postalAddressStreet),
      postalAddressCity: long(ASN_FIELD_LENGTHS.postalAddressCity),
      postalAddressState: long(ASN_FIELD_LENGTHS.postalAddressState),
      postalAddressPostcode: long(ASN_FIELD_LENGTHS.postalAddressPostcode),
      postalAddressCountryCode: long(ASN_FIELD_LENGTHS.postalAddressCountryCode),
      email: long(ASN_FIELD_LENGTHS.email),
    };
    const issues = validateAsnSubmit({
      ...valid,
      carrierName: long(120),
      trackingId: long(30),
      shipFrom: address,
      shipTo: { ...address, name: 'ok' },
      lines: [{ number: 1, quantity: 1, uom: long(8) }],
    });
    expect(issues).toContainEqual({ field: 'carrierName', message: asnErrors.tooLong('Carrier name', 120) });
    expect(issues).toContainEqual({ field: 'trackingId', message: asnErrors.tooLong('Tracking ID', 30) });
    expect(issues).toContainEqual({ field: 'shipFrom.name', message: asnErrors.tooLong('Ship From name', 120) });
    expect(issues).toContainEqual({ field: 'shipFrom.postalAddressStreet', message: asnErrors.tooLong('Ship From street', 250) });
    expect(issues).toContainEqual({ field: 'shipFrom.postalAddressCity', message: asnErrors.tooLong('Ship From city', 50) });
    expect(issues).toContainEqual({ field: 'shipFrom.postalAddressCountryCode', message: asnErrors.tooLong('Ship From country code', 2) });
    expect(issues).toContainEqual({ field: 'shipTo.email', message: asnErrors.tooLong('Ship To email', 100) });
    expect(issues.map((i) => i.field)).not.toContain('shipTo.name');
    expect(issues).toContainEqual({ field: 'line.1.uom', message: asnErrors.tooLong('Line 1 UOM', 8) });
    expect(issues).toHaveLength(3 + 8 + 7);
  });

  it('accepts values exactly at the limits', () => {
    expect(validateAsnSubmit({ ...valid, carrierName: 'c'.repeat(120), trackingId: 't'.repeat(30), lines: [{ number: 1, quantity: 1, uom: 'u'.repeat(8) }] })).toEqual(
      [],
    );
  });

  it('with the remaining quantities, refuses over-shipping and lines not on the order', () => {
    const remaining = new Map([
      [1, 2],
      [2, 0.2],
    ]);
    expect(validateAsnSubmit(valid, remaining)).toEqual([{ field: 'line.2.quantity', message: asnErrors.overShipped(2, 0.25, 0.2) }]);
    expect(validateAsnSubmit({ ...valid, lines: [{ number: 7, quantity: 1, uom: 'EA' }] }, remaining)).toEqual([
      { field: 'line.7.quantity', message: asnErrors.unknownLine(7) },
    ]);
    expect(validateAsnSubmit({ ...valid, lines: [{ number: 1, quantity: 2, uom: 'EA' }] }, remaining)).toEqual([]);
  });
});

describe('quantity decimals, money and dates', () => {
  it('judges decimals on the decimal value', () => {
    expect(hasAtMostTwoDecimals(1.1)).toBe(true);
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(0.291)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });

  it('formats money with two decimals and comma thousands', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(null)).toBe('');
    expect(roundMoney(1.005)).toBe(1.01);
  });

  it('shows dates date-only or as their first 21 characters', () => {
    expect(formatDateOnly('2026-11-01T09:30:15.123Z')).toBe('2026-11-01');
    expect(formatDateTime('2026-11-01T09:30:15.123Z')).toBe('2026-11-01T09:30:15.1');
    expect(formatDateTime(null)).toBe('');
    expect(isValidIsoDate('2026-11-01')).toBe(true);
    expect(isValidIsoDate('2026-11-01T00:00:00Z')).toBe(true);
    expect(isValidIsoDate('2026-02-29')).toBe(false);
  });
});
