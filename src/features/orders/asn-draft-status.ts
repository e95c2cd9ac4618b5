import type { AsnDraftRow } from '../../local/db/store-rows';

/** How a draft stands, as the ASN list and the form say it. */
export function draftStatus(draft: AsnDraftRow): 'Draft' | 'Waiting to be sent' | 'Failed with errors' {
  if (draft.state === 'submitting') return 'Waiting to be sent';
  return draft.errors && draft.errors.length > 0 ? 'Failed with errors' : 'Draft';
}
