import { useEffect, useRef, useState } from 'react';
import type { OutboxEntry } from '../../sync/outbox-entry';
import { useOutboxOutcome } from './use-outbox-entry';

/**
 * Calls `onSent(message)` once the server accepted the entry handed to the returned
 * function (the spec's success toasts come when the change is saved, not queued).
 */
export function useOnSent(onSent: (message: string) => void): (entry: OutboxEntry, message: string) => void {
  const [tracked, setTracked] = useState<{ id: string; message: string } | null>(null);
  const outcome = useOutboxOutcome(tracked?.id ?? null);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;
  useEffect(() => {
    if (!tracked || outcome === undefined || outcome === 'pending') return;
    if (outcome === 'sent') onSentRef.current(tracked.message);
    setTracked(null);
  }, [tracked, outcome]);
  return (entry, message) => setTracked({ id: entry.id, message });
}
