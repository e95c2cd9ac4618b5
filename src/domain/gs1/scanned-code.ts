import { gtinKind, toGtin14 } from './check-digit';
import { looksLikeGs1, parseGs1ElementString, type Gs1Element } from './element-string';
import { isValidSscc } from './sscc';

/**
 * What one read of a barcode names, whichever way it arrived (camera or keyboard wedge,
 * EAN-13 on a unit, GS1-128 on a carton, a package's SSCC label, a QR of a product code).
 */
export type ScannedCode =
  | { kind: 'sscc'; sscc: string }
  | { kind: 'product'; gtin14: string; count: number; batch?: string; serial?: string; expiry?: string }
  | { kind: 'text'; text: string }
  | { kind: 'invalid'; text: string; reason: string };

const element = (elements: Gs1Element[], ai: string) => elements.find((e) => e.ai === ai)?.value;

/** An SSCC or a GTIN behind its AI, as a GS1-128 or GS1 DataMatrix reads without `]C1` or `]d2`. */
const BARE_GS1 = /^(00\d{18}|0[12]\d{14})/;

export function readScannedCode(raw: string): ScannedCode {
  const text = raw.replace(/[\r\n]+$/, '').trim();
  if (text.length === 0) return { kind: 'invalid', text, reason: 'Nothing was read' };
  const plain = text.startsWith(']') && !looksLikeGs1(text) ? text.slice(3) : text;
  if (/^\d+$/.test(plain) && !BARE_GS1.test(plain)) {
    const gtin14 = toGtin14(plain);
    if (gtin14) return { kind: 'product', gtin14, count: 1 };
    if (isValidSscc(plain)) return { kind: 'sscc', sscc: plain };
    return { kind: 'text', text: plain };
  }
  // The Barcode Detection API hands GS1 data over without its symbology identifier.
  const bareGs1 = BARE_GS1.test(plain) && parseGs1ElementString(plain).ok;
  if (!looksLikeGs1(text) && !bareGs1) return { kind: 'text', text: plain };
  const parsed = parseGs1ElementString(bareGs1 ? plain : text);
  if (!parsed.ok) return { kind: 'invalid', text, reason: parsed.error };
  const sscc = element(parsed.elements, '00');
  if (sscc) return { kind: 'sscc', sscc };
  // (02) names the trade items a logistic unit contains and (37) how many (GS1 GenSpecs 3.3.3 and 3.5.1).
  const gtin = element(parsed.elements, '01') ?? element(parsed.elements, '02');
  if (!gtin) return { kind: 'invalid', text, reason: 'The GS1 code names no product (01) or package (00)' };
  const count = Number(element(parsed.elements, '37') ?? '1');
  const batch = element(parsed.elements, '10');
  const serial = element(parsed.elements, '21');
  const expiry = element(parsed.elements, '17');
  return {
    kind: 'product',
    gtin14: gtin,
    count: count > 0 ? count : 1,
    ...(batch ? { batch } : {}),
    ...(serial ? { serial } : {}),
    ...(expiry ? { expiry } : {}),
  };
}

/** A catalogue barcode compares with a scan as GTIN-14 when it is a GTIN, as typed otherwise. */
export function barcodeKey(code: string): string {
  const trimmed = code.trim();
  return gtinKind(trimmed) ? (toGtin14(trimmed) as string) : trimmed;
}
