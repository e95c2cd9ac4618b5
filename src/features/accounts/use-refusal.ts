import { useEffect, useRef, useState } from 'react';
import { errorsByField } from '../../domain/rules/errors-by-field';
import { useFormCommand } from '../../local/hooks/use-form-command';
import { useLatestEntry } from '../../local/hooks/use-latest-entry';
import { discardChange } from '../../local/outbox/outbox-actions';
import type { OutboxEntry } from '../../local/db/store-rows';

/**
 * The server's refusals of a drawer form's changes, sorted to the form's fields by
 * `labels` (the names the rules' errors start with), the rest for the form's own summary.
 *
 * `send` sends the form's change: online the form waits for the server (`waiting`);
 * taken, its `sent` callback runs (the spec's toast belongs there); refused, the errors
 * are shown here and the form keeps what the user typed (useFormCommand). Made offline,
 * `sent` runs at once and the change waits on this device.
 *
 * A change refused later (made offline, or before a reload) is the form's newest
 * matching entry: `onRefused` gets it once, so the form can load the values the server
 * refused; sending the correction replaces it, so it does not come back after that is sent.
 */
export function useRefusal<F extends string>(
  match: (entry: OutboxEntry) => boolean,
  deps: readonly unknown[],
  labels: Record<F, string>,
  onRefused?: (entry: OutboxEntry) => void,
) {
  const latest = useLatestEntry(match, deps);
  const refused = latest?.state === 'failed' ? latest.entry : null;
  const [now, setNow] = useState<string[] | null>(null);
  const sentRef = useRef<(entry: OutboxEntry) => void>(() => undefined);
  const command = useFormCommand({ onSent: (entry) => sentRef.current(entry), onRefused: setNow });
  const { fields, form } = errorsByField(now ?? refused?.errors ?? [], labels);
  // Read through refs: the effect runs once per refused entry, not on every render's new closures.
  const latestRef = useRef({ refused, onRefused });
  latestRef.current = { refused, onRefused };
  const refusedId = refused?.id;
  useEffect(() => {
    const { refused: entry, onRefused: load } = latestRef.current;
    if (refusedId && entry) load?.(entry);
  }, [refusedId]);

  const send = async (change: Promise<OutboxEntry>, sent: (entry: OutboxEntry) => void) => {
    setNow(null);
    sentRef.current = sent;
    const earlier = refused;
    const result = await command.send(change);
    if (earlier) await discardChange(earlier.id);
    if (result === 'queued') sent(await change);
  };
  return { fields, form, send, waiting: command.waiting, clear: () => setNow(null) };
}
