import type { AsnDraftRow } from '../../local/db/store-rows';

/**
 * What an ASN draft keeps in sessionStorage (its last edit, the quantities a scan set aside):
 * written at once and kept over a reload of the tab, where a store write may not finish.
 * Null where the browser refuses the storage; a draft's key is random, so an entry is only
 * ever read back for the signed-in user's own draft.
 */
export function draftSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const draftStorageKey = (prefix: string, draft: Pick<AsnDraftRow, 'scope' | 'key'>) => `${prefix}${draft.scope}:${draft.key}`;
