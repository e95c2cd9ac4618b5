import { useEffect } from 'react';
import { showRefusal } from '../outbox/shown-refusals';

/** While the calling form is mounted and shows this entry's refusal, the "Changes not sent" list leaves it out. */
export function useShownRefusal(entryId: string | null | undefined): void {
  useEffect(() => (entryId ? showRefusal(entryId) : undefined), [entryId]);
}
