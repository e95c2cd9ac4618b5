import { useEffect, useRef } from 'react';
import { errorsByField } from '../../domain/rules/errors-by-field';
import { useLatestEntry } from '../../local/hooks/use-latest-entry';
import { discardChange } from '../../local/outbox/outbox-actions';
import type { OutboxEntry } from '../../local/db/store-rows';

/**
 * The server's refusal of a drawer form's newest change (as preferences show theirs):
 * its errors sorted to the form's fields by `labels` (the names the rules' errors start
 * with), the rest for the form's own summary. `onRefused` gets the refused entry once,
 * so the form can load the values the server refused. `replaced()` drops the refusal
 * once the form has queued its correction, so it does not come back after that is sent.
 */
export function useRefusal<F extends string>(
  match: (entry: OutboxEntry) => boolean,
  deps: readonly unknown[],
  labels: Record<F, string>,
  onRefused?: (entry: OutboxEntry) => void,
) {
  const latest = useLatestEntry(match, deps);
  const refused = latest?.state === 'failed' ? latest.entry : null;
  const { fields, form } = errorsByField(refused?.errors ?? [], labels);
  // Read through refs: the effect runs once per refused entry, not on every render's new closures.
  const latestRef = useRef({ refused, onRefused });
  latestRef.current = { refused, onRefused };
  const refusedId = refused?.id;
  useEffect(() => {
    const { refused: entry, onRefused: load } = latestRef.current;
    if (refusedId && entry) load?.(entry);
  }, [refusedId]);
  const replaced = async () => {
    if (refused) await discardChange(refused.id);
  };
  return { fields, form, replaced };
}
