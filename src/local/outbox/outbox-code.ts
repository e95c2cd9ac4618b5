import type * as OutboxWrites from './outbox-writes';

let loading: Promise<typeof OutboxWrites> | null = null;

/**
 * The outbox's writing code, loaded at the first command rather than with the first
 * screen: evaluating it builds every command's schema, a long task on a slow tablet.
 * A failed load (the chunk unreachable) is tried again at the next command.
 */
export function outboxWrites(): Promise<typeof OutboxWrites> {
  loading ??= import('./outbox-writes').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Loads it as soon as the user first touches, types or focuses anything: what they do
 * next may be a command, and the code is then in memory even if the connection goes.
 * Returns the listeners' removal.
 */
export function loadOutboxWritesOnFirstInput(): () => void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const load = () => {
    stop();
    void outboxWrites().catch(() => undefined);
  };
  const stop = () => events.forEach((name) => window.removeEventListener(name, load, true));
  events.forEach((name) => window.addEventListener(name, load, { capture: true, passive: true }));
  return stop;
}
