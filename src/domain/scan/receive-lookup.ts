import { barcodeKey, readScannedCode } from '../gs1/scanned-code';

/**
 * Scan to receive: which shipments (submitted ASNs) a scan at the dock names. A
 * package's SSCC names the ASN that packed it; a product barcode names the ASNs with a
 * line of that product; typed text names the ASNs of that order number or that
 * shipment id.
 */

export interface ReceivableShipment {
  key: string;
  shipmentId: string;
  orderNumber: string;
  ssccs: readonly string[];
  /** The barcodes (any UOM) of the products its lines ship, as the catalogue mirror knows them. */
  barcodes: readonly string[];
}

export type ReceiveLookup =
  | { kind: 'package'; sscc: string; keys: string[] }
  | { kind: 'product'; code: string; keys: string[] }
  | { kind: 'order'; text: string; keys: string[] }
  | { kind: 'invalid'; text: string; reason: string };

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** `raw` as the camera read it or the hardware scanner typed it. */
export function findShipments(raw: string, shipments: readonly ReceivableShipment[]): ReceiveLookup {
  const scanned = readScannedCode(raw);
  const text = raw.trim();
  if (scanned.kind === 'invalid') return { kind: 'invalid', text, reason: scanned.reason };
  if (scanned.kind === 'sscc') {
    return { kind: 'package', sscc: scanned.sscc, keys: shipments.filter((s) => s.ssccs.includes(scanned.sscc)).map((s) => s.key) };
  }
  const byText = shipments.filter((s) => same(s.orderNumber, text) || same(s.shipmentId, text)).map((s) => s.key);
  if (scanned.kind === 'product') {
    const keys = shipments.filter((s) => s.barcodes.some((b) => barcodeKey(b) === scanned.gtin14)).map((s) => s.key);
    // Order numbers are often digits: a number no product carries may still be one.
    if (keys.length > 0 || byText.length === 0) return { kind: 'product', code: text, keys };
  }
  return { kind: 'order', text, keys: byText };
}
