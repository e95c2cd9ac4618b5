import { useCallback, useEffect, useRef } from 'react';

/**
 * Stores a draft on every edit, at once: a write put off for a moment (a debounce) is
 * lost when the page is reloaded or closed within that moment, since a store write
 * started while the page goes away (pagehide) does not finish. Edits made while a
 * write is under way are coalesced: only the latest is written next, so writes never
 * overtake each other. `flush` resolves once the last edit is stored.
 */
export function useDraftAutosave<T>(save: (value: T) => Promise<void>) {
  const pending = useRef<{ value: T } | null>(null);
  // The writes, one after the other; each writes the latest edit not yet written, if any.
  const chain = useRef<Promise<void>>(Promise.resolve());
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback((): Promise<void> => {
    const write = async () => {
      const next = pending.current;
      if (!next) return;
      pending.current = null;
      await saveRef.current(next.value);
    };
    chain.current = chain.current.catch(() => undefined).then(write);
    return chain.current;
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      void flush();
    },
    [flush],
  );

  useEffect(() => () => void flush(), [flush]);

  return { schedule, flush };
}
