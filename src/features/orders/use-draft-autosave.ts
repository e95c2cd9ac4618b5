import { useCallback, useEffect, useRef } from 'react';

export const DRAFT_SAVE_DELAY_MS = 300;

/**
 * Saves a draft shortly after each edit, and at once when the field loses focus, the
 * page is hidden or left (pagehide), or the form goes away, so a reload, a closed tab
 * or a lost connection keeps what was typed. `flush` resolves once the last edit is stored.
 */
export function useDraftAutosave<T>(save: (value: T) => Promise<void>) {
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    await saveRef.current(next.value);
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const onPageHide = () => void flush();
    const onVisibility = () => document.visibilityState === 'hidden' && void flush();
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      void flush();
    };
  }, [flush]);

  return { schedule, flush };
}
