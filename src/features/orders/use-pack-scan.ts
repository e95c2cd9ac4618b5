import { useRef, useState, type ComponentType } from 'react';
import type { AsnPackage } from '../../domain/schemas/asn-packages';
import { roundQuantity } from '../../domain/remaining-quantities';
import type { AsnDraftRow } from '../../local/db/store-rows';
import type { AsnBody } from './asn-draft-model';
import { dropKeptQuantities, keepQuantities, keptQuantities } from './asn-scan-kept';
import type { PackScanDialogProps } from './scan/pack-scan-dialog';
import type * as SsccPoolModule from './scan/sscc-pool';

type SsccPool = typeof SsccPoolModule;

/**
 * A scan session on a draft: starting it keeps the typed quantities and packages aside and
 * counts from zero; Done keeps the counts, Cancel scan restores what was there. Scans go
 * into the open package, if one was started. The scanner's code (camera, barcode reader,
 * wasm) is imported when the scan starts, not with the ASN screen.
 */
export function usePackScan(draft: Pick<AsnDraftRow, 'scope' | 'key'>, sellerId: string, value: AsnBody, onChange: (next: AsnBody) => void) {
  const [Dialog, setDialog] = useState<ComponentType<PackScanDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [resumable, setResumable] = useState(() => keptQuantities(draft) !== null);
  const [openPackage, setOpenPackage] = useState<number | null>(null);
  const [ssccNote, setSsccNote] = useState<string | null>(null);
  const openPallet = useRef<number | null>(null);
  const pool = useRef<SsccPool | null>(null);
  // Counts arrive faster than renders: each applies to the body as last changed.
  const latest = useRef(value);
  latest.current = value;
  const change = (next: AsnBody) => {
    latest.current = next;
    onChange(next);
  };

  const start = async () => {
    setLoading(true);
    try {
      const [loaded, ssccPool] = await Promise.all([Dialog ? null : import('./scan/pack-scan-dialog'), import('./scan/sscc-pool')]);
      if (loaded) setDialog(() => loaded.PackScanDialog);
      pool.current = ssccPool;
      void ssccPool.refillSsccPool(sellerId);
      if (!keptQuantities(draft)) {
        const body = latest.current;
        keepQuantities(draft, { quantities: body.lines.map(({ number, quantity }) => ({ number, quantity })), packages: body.packages });
        change({ ...body, lines: body.lines.map((l) => ({ ...l, quantity: 0 })), packages: [] });
        setOpenPackage(null);
        openPallet.current = null;
      }
      setResumable(true);
      setOpen(true);
    } finally {
      setLoading(false);
    }
  };

  const count = (line: number, quantity: number) => {
    const body = latest.current;
    const units = roundQuantity(quantity - (body.lines.find((l) => l.number === line)?.quantity ?? 0));
    const packages =
      openPackage === null || !body.packages[openPackage]
        ? body.packages
        : body.packages.map((pkg, index) => (index === openPackage ? { ...pkg, lines: addUnits(pkg.lines, line, units) } : pkg));
    change({ ...body, lines: body.lines.map((l) => (l.number === line ? { ...l, quantity } : l)), packages });
  };

  /** Starts a carton (on the pallet started last, if any) or a pallet, with the next SSCC this device holds. */
  const newPackage = async (kind: AsnPackage['kind']) => {
    const ssccs = pool.current;
    // An empty pool is asked for more first: online that gives an SSCC, or the server's reason for none.
    if (ssccs && !ssccs.holdsSscc(sellerId)) await ssccs.refillSsccPool(sellerId);
    const taken = ssccs?.takeSscc(sellerId) ?? { sscc: null, refusal: null };
    if (ssccs) void ssccs.refillSsccPool(sellerId);
    setSsccNote(taken.sscc ? null : (taken.refusal ?? 'none-left'));
    const body = latest.current;
    const index = body.packages.length;
    const parent = kind === 'carton' ? openPallet.current : null;
    if (kind === 'pallet') openPallet.current = index;
    change({ ...body, packages: [...body.packages, { kind, sscc: taken.sscc, parent, lines: [] }] });
    setOpenPackage(index);
  };

  const end = () => {
    dropKeptQuantities(draft);
    setResumable(false);
    setOpen(false);
    setOpenPackage(null);
  };

  const cancel = () => {
    const kept = keptQuantities(draft);
    const quantities = new Map((kept?.quantities ?? []).map((k) => [k.number, k.quantity]));
    const body = latest.current;
    change({ ...body, lines: body.lines.map((l) => ({ ...l, quantity: quantities.get(l.number) ?? l.quantity })), packages: kept?.packages ?? body.packages });
    end();
  };

  // The ASN ships what was packed: a line nothing was counted on leaves it. A scan that counted nothing changes nothing.
  const done = () => {
    const body = latest.current;
    const packed = body.lines.filter((l) => l.quantity > 0);
    if (packed.length === 0) return cancel();
    change({ ...body, lines: packed });
    end();
  };

  /** Downloads the packages' labels as a PDF made on this device (offline too). */
  const printLabels = async () => {
    const { packageLabelsPdf } = await import('./scan/package-labels');
    const body = latest.current;
    const pdf = await packageLabelsPdf({ orderNumber: body.orderNumber, shipFrom: body.shipFrom, shipTo: body.shipTo, packages: body.packages });
    const url = URL.createObjectURL(new Blob([pdf as BlobPart], { type: 'application/pdf' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `labels-${body.orderNumber.replace(/[^\w.-]+/g, '_')}.pdf`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  return { printLabels, Dialog: open ? Dialog : null, start, count, newPackage, openPackage, ssccNote, done, cancel, loading, resumable };
}

function addUnits(lines: AsnPackage['lines'], number: number, units: number): AsnPackage['lines'] {
  if (!lines.some((l) => l.number === number)) return [...lines, { number, quantity: units }];
  return lines.map((l) => (l.number === number ? { ...l, quantity: roundQuantity(l.quantity + units) } : l));
}
