import { describe, expect, it } from 'vitest';
import { GROUP_SEPARATOR as GS } from '../../src/domain/gs1/element-string';
import { readScannedCode } from '../../src/domain/gs1/scanned-code';
import { InViewCodes } from '../../src/domain/scan/in-view-codes';
import { barcodeIndex, packScan, type PackLine } from '../../src/domain/scan/pack-count';

const lines: PackLine[] = [
  { number: 1, productCode: 'ACME-1', uom: 'EA', quantity: 0, left: 2 },
  { number: 2, productCode: 'ACME-2', uom: 'BX', quantity: 0, left: 1 },
];
const index = barcodeIndex([
  { productCode: 'ACME-1', uom: 'EA', code: '6291041500213' },
  { productCode: 'ACME-1', uom: 'BX', code: '95012345678903' },
  { productCode: 'ACME-2', uom: 'BX', code: '036000291452' },
  { productCode: 'OTHER', uom: 'EA', code: '95012346' },
]);
const scan = (raw: string, at: PackLine[] = lines) => packScan(readScannedCode(raw), at, index);

describe('packScan', () => {
  it('counts a product barcode on the line of that product in that UOM, an EAN-13 and a GTIN-14 alike', () => {
    expect(scan('6291041500213')).toEqual({ kind: 'count', line: 1, units: 1, next: 1, over: false });
    expect(scan(']C10100036000291452')).toEqual({ kind: 'count', line: 2, units: 1, next: 1, over: false });
    expect(scan('036000291452')).toMatchObject({ kind: 'count', line: 2 });
  });

  it('counts (37) units of a carton whose (02) names the product', () => {
    expect(scan(`]C10206291041500213${GS}372`)).toEqual({ kind: 'count', line: 1, units: 2, next: 2, over: false });
  });

  it('flags a count over what is left to ship, for the user to confirm', () => {
    const packed = lines.map((l) => (l.number === 1 ? { ...l, quantity: 2 } : l));
    expect(scan('6291041500213', packed)).toEqual({ kind: 'count', line: 1, units: 1, next: 3, over: true });
  });

  it('says when the barcode is of no line of the order, or of the product in a UOM no line ships', () => {
    expect(scan('95012346')).toEqual({ kind: 'unknown', code: '95012346' });
    expect(scan('4006381333931')).toEqual({ kind: 'unknown', code: '4006381333931' });
    expect(scan('95012345678903')).toEqual({ kind: 'other-uom', code: '95012345678903', uom: 'BX' });
  });

  it("counts a scan of a line's product code in the line's UOM, and tells a package label apart", () => {
    expect(scan('acme-2')).toMatchObject({ kind: 'count', line: 2 });
    expect(scan(']C100354123450000000014')).toEqual({ kind: 'package', sscc: '354123450000000014' });
    expect(scan(']C1ABC')).toMatchObject({ kind: 'invalid' });
  });

  it('reads GS1 data the Barcode Detection API hands over without ]C1', () => {
    expect(readScannedCode('00354123450000000014')).toEqual({ kind: 'sscc', sscc: '354123450000000014' });
    expect(readScannedCode('0106291041500213')).toEqual({ kind: 'product', gtin14: '06291041500213', count: 1 });
  });
});

describe('InViewCodes', () => {
  it('counts a barcode once while it stays in view, and again only after it left', () => {
    const view = new InViewCodes(2);
    expect(view.frame(['A'])).toEqual(['A']);
    expect(view.frame(['A'])).toEqual([]);
    // One missed frame is a flicker, not a departure.
    expect(view.frame([])).toEqual([]);
    expect(view.frame(['A'])).toEqual([]);
    expect(view.frame([])).toEqual([]);
    expect(view.frame([])).toEqual([]);
    expect(view.frame(['A', 'B'])).toEqual(['A', 'B']);
    view.clear();
    expect(view.frame(['B'])).toEqual(['B']);
  });
});
