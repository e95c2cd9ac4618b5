import { useSyncExternalStore } from 'react';
import { safeParse } from 'zod/mini';
import type * as z from 'zod/v4/core';

export interface StoredValue<T> {
  get(): T;
  /** `null` removes the key, so `get` answers the fallback again. */
  set(value: T | null): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A value kept in localStorage under one key, validated on every read so a stale or
 * hand-edited entry falls back instead of breaking the app. Other tabs' writes
 * arrive through the `storage` event.
 */
export function createStoredValue<T>(key: string, schema: z.$ZodType<T>, fallback: T): StoredValue<T> {
  const listeners = new Set<() => void>();
  let lastRaw: string | null | undefined;
  let lastValue: T = fallback;

  const readRaw = (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const notify = () => listeners.forEach((listener) => listener());

  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };

  return {
    get() {
      const raw = readRaw();
      // useSyncExternalStore needs the same object back while nothing changed.
      if (raw === lastRaw) return lastValue;
      lastRaw = raw;
      lastValue = fallback;
      if (raw !== null) {
        try {
          const parsed = safeParse(schema, JSON.parse(raw));
          if (parsed.success) lastValue = parsed.data;
        } catch {
          // Not JSON: keep the fallback.
        }
      }
      return lastValue;
    },
    set(value) {
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the value below still holds for this page.
      }
      lastRaw = readRaw();
      lastValue = value ?? fallback;
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
