import type { AsnPackage } from '../../domain/schemas/asn-packages';
import type { AsnDraftRow } from '../../local/db/store-rows';
import { draftSessionStorage, draftStorageKey } from './draft-session-storage';

/**
 * The quantities and packages a draft had when a scan started: scanning counts from zero,
 * and Cancel scan brings these back. Kept in sessionStorage (as the draft's edit stash is) so a
 * reload in the middle of a scan neither loses them nor starts the count again.
 */
export interface KeptQuantities {
  quantities: Array<{ number: number; quantity: number }>;
  packages: AsnPackage[];
}

const PREFIX = 'asnScanKept:';
const keyOf = (draft: Pick<AsnDraftRow, 'scope' | 'key'>) => draftStorageKey(PREFIX, draft);

export function keptQuantities(draft: Pick<AsnDraftRow, 'scope' | 'key'>): KeptQuantities | null {
  try {
    const raw = draftSessionStorage()?.getItem(keyOf(draft));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && Array.isArray((parsed as KeptQuantities).quantities) ? (parsed as KeptQuantities) : null;
  } catch {
    return null;
  }
}

export function keepQuantities(draft: Pick<AsnDraftRow, 'scope' | 'key'>, kept: KeptQuantities): void {
  try {
    draftSessionStorage()?.setItem(keyOf(draft), JSON.stringify(kept));
  } catch {
    // Full or unavailable: the scan still counts; only a reload mid-scan would lose the typed quantities.
  }
}

export function dropKeptQuantities(draft: Pick<AsnDraftRow, 'scope' | 'key'>): void {
  draftSessionStorage()?.removeItem(keyOf(draft));
}
