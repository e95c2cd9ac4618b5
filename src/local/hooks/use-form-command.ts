import { useEffect, useMemo, useRef, useState } from 'react';
import type { OutboxEntry } from '../../sync/outbox-entry';
import { discardChange } from '../outbox/outbox-actions';
import { showRefusal } from '../outbox/shown-refusals';
import { useOutboxOutcomes } from './use-outbox-entry';
import { useShownRefusal } from './use-shown-refusal';

interface FormCommandHandlers {
  /** The server took the change (the spec's success toast belongs here). */
  onSent(entry: OutboxEntry): void;
  /** The server refused it while the form was open: its errors, for the form's fields. */
  onRefused(errors: string[], entry: OutboxEntry): void;
}

/** `waiting`: the form waits for the server's answer; `queued`: made offline, kept on this device to be sent later. */
export type FormSendResult = 'waiting' | 'queued';

/**
 * Sends a form's command and brings the server's answer back to the form while it is
 * open. Online, the form waits for the answer: accepted, `onSent`; refused, the change is
 * taken back (the form still holds what the user typed) and `onRefused` gets the server's
 * errors, so the refusal is seen in the form and never lands in "Changes not sent".
 * Offline, the change waits on this device; a refusal then goes to "Changes not sent",
 * as does one that comes after the form was closed.
 */
const NONE: readonly string[] = [];

export function useFormCommand(handlers: FormCommandHandlers): { send(command: Promise<OutboxEntry>): Promise<FormSendResult>; waiting: boolean } {
  const [tracked, setTracked] = useState<OutboxEntry | null>(null);
  const ids = useMemo(() => (tracked ? [tracked.id] : NONE), [tracked]);
  const outcome = useOutboxOutcomes(ids)?.[0];
  const latest = useRef(handlers);
  latest.current = handlers;
  // A refusal this form will show is not listed meanwhile.
  useShownRefusal(tracked?.id);

  useEffect(() => {
    if (!tracked || outcome?.id !== tracked.id || outcome.outcome === 'pending') return;
    setTracked(null);
    if (outcome.outcome === 'sent') {
      latest.current.onSent(tracked);
      return;
    }
    // Taken back: the form holds the values, and sending them again is a new change. Kept
    // out of the list until it is gone from the store.
    const release = showRefusal(tracked.id);
    void discardChange(tracked.id).finally(release);
    latest.current.onRefused(outcome.errors, tracked);
  }, [tracked, outcome]);

  return {
    async send(command) {
      const entry = await command;
      if (typeof navigator !== 'undefined' && !navigator.onLine) return 'queued';
      setTracked(entry);
      return 'waiting';
    },
    waiting: tracked !== null,
  };
}
