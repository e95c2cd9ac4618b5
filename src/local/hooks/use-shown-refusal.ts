import { useEffect } from 'react';
import { showRefusal } from '../outbox/shown-refusals';

/**
 * While the calling form is mounted and shows these entries' refusals, the "Changes not
 * sent" list leaves them out: the user sees a refusal where the change was made, once.
 */
export function useShownRefusal(entryIds: string | readonly string[] | null | undefined): void {
  const ids = entryIds ? (typeof entryIds === 'string' ? [entryIds] : entryIds) : [];
  const key = ids.join('|');
  useEffect(() => {
    if (!key) return;
    const releases = key.split('|').map(showRefusal);
    return () => releases.forEach((release) => release());
  }, [key]);
}
