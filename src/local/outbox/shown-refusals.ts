/**
 * The refused outbox entries a form on screen shows (in this tab): the "Changes not sent"
 * list leaves them out, so a refusal is seen where the user made the change, once. An
 * entry is in the list again when its form is gone.
 */
const shown = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;

const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

/** Marks the entry as shown by a form until the returned function is called (the form unmounts or moves on). */
export function showRefusal(id: string): () => void {
  shown.set(id, (shown.get(id) ?? 0) + 1);
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const count = (shown.get(id) ?? 1) - 1;
    if (count > 0) shown.set(id, count);
    else shown.delete(id);
    changed();
  };
}

export const isRefusalShown = (id: string): boolean => shown.has(id);

export function subscribeShownRefusals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes each time the set changes: a snapshot for `useSyncExternalStore`. */
export const shownRefusalsVersion = (): number => version;
