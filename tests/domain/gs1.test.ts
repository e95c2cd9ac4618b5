import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, gtinKind, hasValidCheckDigit, toGtin14 } from '../../src/domain/gs1/check-digit';
import { gs1DateToIso, GROUP_SEPARATOR as GS, parseGs1ElementString } from '../../src/domain/gs1/element-string';
import { barcodeKey, readScannedCode } from '../../src/domain/gs1/scanned-code';
import { buildSscc, formatSscc, isValidSscc, ssccSerialCapacity } from '../../src/domain/gs1/sscc';

describe('GS1 mod-10 check digit', () => {
  it("matches GS1's worked example: GTIN-13 629104150021 has check digit 3 (gs1.org, 'How to calculate a check digit manually')", () => {
    expect(gs1CheckDigit('629104150021')).toBe(3);
    expect(gtinKind('6291041500213')).toBe('GTIN-13');
  });

  it("accepts the GTIN-14 of GS1 General Specifications' examples, 95012345678903, and check digit 3", () => {
    expect(gtinKind('95012345678903')).toBe('GTIN-14');
    expect(gs1CheckDigit('9501234567890')).toBe(3);
  });

  it('checks EAN-8 and UPC-A the same way (GS1 GenSpecs 7.9.1: weights 3,1,3... from the right)', () => {
    expect(gtinKind('95012346')).toBe('GTIN-8');
    expect(gtinKind('036000291452')).toBe('GTIN-12');
    expect(toGtin14('036000291452')).toBe('00036000291452');
    expect(toGtin14('95012346')).toBe('00000095012346');
  });

  it('refuses a wrong check digit, letters and lengths no GTIN has', () => {
    expect(gtinKind('6291041500214')).toBeNull();
    expect(gtinKind('62910415002')).toBeNull();
    expect(hasValidCheckDigit('62910415002A')).toBe(false);
    expect(() => gs1CheckDigit('12a')).toThrow();
  });
});

describe('SSCC-18', () => {
  it('builds extension digit + company prefix + serial + check digit, matching the EANCOM DESADV example 354123450000000014', () => {
    // GS1 EANCOM 2002 DESADV, segment GIN: "GIN+BJ+354123450000000014" (company prefix 5412345).
    expect(buildSscc(3, '5412345', 1)).toBe('354123450000000014');
    expect(isValidSscc('354123450000000014')).toBe(true);
  });

  it('pads the serial to the 16 digits the company prefix leaves, for every prefix length', () => {
    expect(buildSscc(0, '0614141', 123456789)).toBe('006141411234567890');
    expect(buildSscc(1, '0614141', 123456789)).toBe('106141411234567897');
    expect(buildSscc(0, '061414112345', 7)).toMatch(/^0061414112345000\d7?/);
    expect(buildSscc(0, '061414112345', 7)).toHaveLength(18);
    expect(ssccSerialCapacity('0614141')).toBe(1e9);
  });

  it('refuses a serial that would not fit, a bad prefix, a bad extension digit', () => {
    expect(() => buildSscc(0, '0614141', 1e9)).toThrow(/does not fit/);
    expect(() => buildSscc(0, '061', 1)).toThrow(/company prefix/);
    expect(() => buildSscc(10, '0614141', 1)).toThrow(/extension digit/);
    expect(isValidSscc('354123450000000015')).toBe(false);
  });

  it('is printed as (00) and the 18 digits', () => {
    expect(formatSscc('354123450000000014')).toBe('(00) 354123450000000014');
  });
});

describe('GS1 element strings', () => {
  it('reads the GS1 DataMatrix guideline example ]d2 01 09501101530003 17 140704 10 AB-123', () => {
    const parsed = parseGs1ElementString(']d2010950110153000317140704' + '10AB-123');
    expect(parsed).toEqual({
      ok: true,
      elements: [
        { ai: '01', value: '09501101530003' },
        { ai: '17', value: '140704' },
        { ai: '10', value: 'AB-123' },
      ],
    });
  });

  it('ends variable-length data at FNC1 (group separator) and runs fixed-length data into the next AI', () => {
    const parsed = parseGs1ElementString(`]C1${GS}10LOT42${GS}21SN-7${GS}3712${GS}0195012345678903`);
    expect(parsed.ok && parsed.elements).toEqual([
      { ai: '10', value: 'LOT42' },
      { ai: '21', value: 'SN-7' },
      { ai: '37', value: '12' },
      { ai: '01', value: '95012345678903' },
    ]);
  });

  it('reads a GS1-128 SSCC label ]C1 00 ... and a GS1 QR code ]Q3', () => {
    expect(parseGs1ElementString(']C100354123450000000014')).toEqual({ ok: true, elements: [{ ai: '00', value: '354123450000000014' }] });
    const qr = parseGs1ElementString(`]Q30195012345678903${GS}3103000123`);
    expect(qr.ok && qr.elements).toEqual([
      { ai: '01', value: '95012345678903' },
      { ai: '3103', value: '000123' },
    ]);
  });

  it('reads predefined-length AIs it does not know without FNC1 (GS1 GenSpecs figure 7.8.5-2): (01)95012345678903(3103)000123', () => {
    const parsed = parseGs1ElementString(']C10195012345678903310300012310ABC');
    expect(parsed.ok && parsed.elements).toEqual([
      { ai: '01', value: '95012345678903' },
      { ai: '3103', value: '000123' },
      { ai: '10', value: 'ABC' },
    ]);
  });

  it('reads the bracketed human-readable form', () => {
    const parsed = parseGs1ElementString('(00)354123450000000014');
    expect(parsed).toEqual({ ok: true, elements: [{ ai: '00', value: '354123450000000014' }] });
    const product = parseGs1ElementString('(01)09501101530003(17)140700(10)AB-123');
    expect(product.ok && product.elements.map((e) => e.ai)).toEqual(['01', '17', '10']);
  });

  it('says what is wrong: a bad check digit, a short fixed field, a long variable one, a non-GS1 symbology, a bad date', () => {
    expect(parseGs1ElementString(']C100354123450000000015')).toEqual({ ok: false, error: 'AI (00) 354123450000000015 has a wrong check digit' });
    expect(parseGs1ElementString(']C1019501234567')).toMatchObject({ ok: false, error: expect.stringMatching(/cut short/) });
    expect(parseGs1ElementString(`]C110${'A'.repeat(21)}`)).toMatchObject({ ok: false, error: expect.stringMatching(/1 to 20/) });
    expect(parseGs1ElementString(']C00100')).toMatchObject({ ok: false, error: expect.stringMatching(/does not carry GS1/) });
    expect(parseGs1ElementString(']C1019501234567890317261399')).toMatchObject({ ok: false, error: expect.stringMatching(/not a date/) });
    expect(parseGs1ElementString(`]C1379A${GS}`)).toMatchObject({ ok: false, error: expect.stringMatching(/digits only/) });
  });

  it('turns YYMMDD into a date with the GS1 century window and day 00 as month end', () => {
    expect(gs1DateToIso('140704', 2026)).toBe('2014-07-04');
    expect(gs1DateToIso('990101', 2026)).toBe('1999-01-01');
    expect(gs1DateToIso('760101', 2026)).toBe('2076-01-01');
    expect(gs1DateToIso('770101', 2026)).toBe('1977-01-01');
    expect(gs1DateToIso('280200', 2026)).toBe('2028-02-29');
    expect(gs1DateToIso('270231', 2026)).toBeNull();
  });
});

describe('readScannedCode', () => {
  it('tells products, packages and other text apart', () => {
    expect(readScannedCode('6291041500213')).toEqual({ kind: 'product', gtin14: '06291041500213', count: 1 });
    expect(readScannedCode('354123450000000014')).toEqual({ kind: 'sscc', sscc: '354123450000000014' });
    expect(readScannedCode(']C100354123450000000014')).toEqual({ kind: 'sscc', sscc: '354123450000000014' });
    expect(readScannedCode(`]C10295012345678903${GS}3712${GS}10L1`)).toEqual({ kind: 'product', gtin14: '95012345678903', count: 12, batch: 'L1' });
    expect(readScannedCode('ACME-001\r\n')).toEqual({ kind: 'text', text: 'ACME-001' });
    expect(readScannedCode(']C1ABC')).toMatchObject({ kind: 'invalid' });
    expect(readScannedCode('  ')).toMatchObject({ kind: 'invalid' });
  });

  it('compares catalogue barcodes and scans as GTIN-14', () => {
    expect(barcodeKey('95012346')).toBe('00000095012346');
    expect(readScannedCode('95012346')).toEqual({ kind: 'product', gtin14: '00000095012346', count: 1 });
    expect(barcodeKey('6291041500213')).toBe('06291041500213');
    expect(barcodeKey(' ACME-001 ')).toBe('ACME-001');
  });
});
