import { useSyncExternalStore } from 'react';

type ApplyUpdate = () => void;

let applyUpdate: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** Called by the registration when a new version waits; `apply` swaps it in and reloads. */
export function announceUpdate(apply: ApplyUpdate): void {
  applyUpdate = apply;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pending update's apply function, or null while the running version is the newest. */
export function useAvailableUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => null,
  );
}
