import { asnSubmitSchema } from '../../domain/schemas/asn';
import type { AsnDraftRow } from '../../local/db/store-rows';
import { draftSessionStorage, draftStorageKey } from './draft-session-storage';
import type { AsnBody } from './asn-draft-model';

/**
 * The last edit of a draft, kept in sessionStorage until the local store has it. A
 * store write is asynchronous and does not finish when the page is reloaded or left
 * while it runs, so an edit made just before a reload would be lost; sessionStorage
 * is written at once and survives the reload of the tab. The stash goes as soon as
 * the store holds that edit, and is only ever read back for a draft of the signed-in
 * user's own store (draft keys are random), so it never brings back someone else's.
 */
const PREFIX = 'asnDraftEdit:';
const keyOf = (draft: Pick<AsnDraftRow, 'scope' | 'key'>) => draftStorageKey(PREFIX, draft);

export function stashDraftEdit(draft: Pick<AsnDraftRow, 'scope' | 'key'>, value: AsnBody): void {
  try {
    draftSessionStorage()?.setItem(keyOf(draft), JSON.stringify(value));
  } catch {
    // Full or unavailable: the store write still runs, only the reload guard is missing.
  }
}

/** A stashed text or an edit read as a body, so both compare alike; null when it is none. */
function parsed(raw: string | null): AsnBody | null {
  if (!raw) return null;
  try {
    const result = asnSubmitSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Drops the stash once the store holds `value`; a later edit stashed meanwhile stays. */
export function unstashDraftEdit(draft: Pick<AsnDraftRow, 'scope' | 'key'>, value?: AsnBody): void {
  const store = draftSessionStorage();
  if (!store) return;
  const stashed = parsed(store.getItem(keyOf(draft)));
  if (value === undefined || !stashed || JSON.stringify(stashed) === JSON.stringify(parsed(JSON.stringify(value)))) store.removeItem(keyOf(draft));
}

/** The edit of this draft that may not have reached the store; none for a draft being submitted. */
export function stashedDraftEdit(draft: AsnDraftRow): AsnBody | null {
  const stashed = parsed(draftSessionStorage()?.getItem(keyOf(draft)) ?? null);
  if (stashed && draft.state === 'draft') return stashed;
  unstashDraftEdit(draft);
  return null;
}
