import { useRef, useState, type ComponentType } from 'react';
import type { AsnDraftRow } from '../../sync/rows';
import type { AsnBody } from './asn-draft-model';
import { dropKeptQuantities, keepQuantities, keptQuantities } from './asn-scan-kept';
import type { PackScanDialogProps } from './scan/pack-scan-dialog';

/**
 * A scan session on a draft: starting it keeps the typed quantities aside and counts from
 * zero; Done keeps the counts, Cancel scan restores what was typed. The scanner's code
 * (camera, barcode reader, wasm) is imported when the scan starts, not with the ASN screen.
 */
export function usePackScan(draft: Pick<AsnDraftRow, 'scope' | 'key'>, value: AsnBody, onChange: (next: AsnBody) => void) {
  const [Dialog, setDialog] = useState<ComponentType<PackScanDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [resumable, setResumable] = useState(() => keptQuantities(draft) !== null);
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
      const loaded = Dialog ?? (await import('./scan/pack-scan-dialog')).PackScanDialog;
      setDialog(() => loaded);
      if (!keptQuantities(draft)) {
        keepQuantities(draft, latest.current.lines.map(({ number, quantity }) => ({ number, quantity })));
        change({ ...latest.current, lines: latest.current.lines.map((l) => ({ ...l, quantity: 0 })) });
      }
      setResumable(true);
      setOpen(true);
    } finally {
      setLoading(false);
    }
  };

  const count = (line: number, quantity: number) =>
    change({ ...latest.current, lines: latest.current.lines.map((l) => (l.number === line ? { ...l, quantity } : l)) });

  const end = () => {
    dropKeptQuantities(draft);
    setResumable(false);
    setOpen(false);
  };

  const cancel = () => {
    const kept = new Map((keptQuantities(draft) ?? []).map((k) => [k.number, k.quantity]));
    change({ ...latest.current, lines: latest.current.lines.map((l) => ({ ...l, quantity: kept.get(l.number) ?? l.quantity })) });
    end();
  };

  // The ASN ships what was packed: a line nothing was counted on leaves it. A scan that counted nothing changes nothing.
  const done = () => {
    const packed = latest.current.lines.filter((l) => l.quantity > 0);
    if (packed.length === 0) return cancel();
    change({ ...latest.current, lines: packed });
    end();
  };

  return { Dialog: open ? Dialog : null, start, count, done, cancel, loading, resumable };
}
