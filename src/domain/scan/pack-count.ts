import { barcodeKey, type ScannedCode } from '../gs1/scanned-code';
import { roundQuantity } from '../remaining-quantities';

/**
 * Scan to pack: which line of the ASN a scan adds to. A product's barcodes are per unit
 * of measure (a box and its single items carry different codes), so a scan names a
 * product and a UOM, and counts on the line of that product shipped in that UOM.
 */

export interface PackLine {
  number: number;
  productCode: string;
  uom: string;
  quantity: number;
  /** Left to ship before this ASN. */
  left: number;
}

export interface CatalogueBarcode {
  productCode: string;
  uom: string;
  code: string;
}

export type PackOutcome =
  | { kind: 'count'; line: number; units: number; next: number; over: boolean }
  | { kind: 'other-uom'; code: string; uom: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'package'; sscc: string }
  | { kind: 'invalid'; code: string; reason: string };

export type BarcodeIndex = ReadonlyMap<string, ReadonlyArray<{ productCode: string; uom: string }>>;

export function barcodeIndex(barcodes: Iterable<CatalogueBarcode>): BarcodeIndex {
  const index = new Map<string, Array<{ productCode: string; uom: string }>>();
  for (const { code, productCode, uom } of barcodes) {
    const key = barcodeKey(code);
    if (!key) continue;
    const list = index.get(key) ?? [];
    list.push({ productCode, uom });
    index.set(key, list);
  }
  return index;
}

const sameUom = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Where one scan counts. A scan of a line's own product code (a Code 128 of it) counts in the line's UOM. */
export function packScan(scan: ScannedCode, lines: readonly PackLine[], index: BarcodeIndex): PackOutcome {
  if (scan.kind === 'sscc') return { kind: 'package', sscc: scan.sscc };
  if (scan.kind === 'invalid') return { kind: 'invalid', code: scan.text, reason: scan.reason };
  const key = scan.kind === 'product' ? scan.gtin14 : scan.text;
  const units = scan.kind === 'product' ? scan.count : 1;
  const shown = scan.kind === 'product' ? scan.gtin14.replace(/^0+(?=\d{8,}$)/, '') : scan.text;
  const products = index.get(key) ?? (scan.kind === 'text' ? index.get(barcodeKey(scan.text)) : undefined) ?? [];
  const candidates = products.flatMap((p) => lines.filter((l) => sameCode(l.productCode, p.productCode) && sameUom(l.uom, p.uom)));
  // Several lines may ship the same product and UOM: the first with something still to pack takes the scan.
  const line = candidates.find((l) => l.quantity < l.left) ?? candidates[0] ?? (scan.kind === 'text' ? lines.find((l) => sameCode(l.productCode, scan.text)) : undefined);
  if (!line) {
    const ofOrder = products.find((p) => lines.some((l) => sameCode(l.productCode, p.productCode)));
    return ofOrder ? { kind: 'other-uom', code: shown, uom: ofOrder.uom } : { kind: 'unknown', code: shown };
  }
  const next = roundQuantity(line.quantity + units);
  return { kind: 'count', line: line.number, units, next, over: next > line.left };
}
