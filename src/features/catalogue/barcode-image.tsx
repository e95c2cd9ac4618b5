import { useEffect, useState } from 'react';

/** The symbologies bwip-js knows under another name than the one suppliers write. */
const SYMBOLOGY: Record<string, string> = { ean13: 'ean13', ean8: 'ean8', upca: 'upca', upc: 'upca', gtin: 'ean13', code128: 'code128', qr: 'qrcode' };

const symbologyOf = (type: string) => SYMBOLOGY[type.toLowerCase().replace(/[^a-z0-9]/g, '')] ?? 'code128';

/**
 * A barcode drawn as an image a warehouse scanner can read off the screen. The
 * drawing library is loaded when the first barcode is shown; a code the symbology
 * refuses (a bad check digit) is drawn as Code 128 instead, so it still scans as written.
 */
export function BarcodeImage({ type, code }: { type: string; code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('bwip-js/browser').then(({ toSVG }) => {
      const draw = (bcid: string) => toSVG({ bcid, text: code, scale: 2, height: 12, includetext: true, textxalign: 'center' });
      let svg: string;
      try {
        svg = draw(symbologyOf(type));
      } catch {
        svg = draw('code128');
      }
      if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [type, code]);
  return src ? <img src={src} alt={`${type} barcode ${code}`} /> : <span>{code}</span>;
}
