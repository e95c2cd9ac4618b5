import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { loadOutboxWritesOnFirstInput } from '../local/outbox/outbox-code';
import { useSession } from '../local/session/use-session';
import { loadedLocalStore } from '../local/sync-start/local-store-loader';
import type { SyncHandle, SyncSession } from '../local/sync-start/start-sync';

/**
 * Opens the signed-in user's local store and runs the sync worker for the session.
 * The store is opened before anything below renders (screens and the top bar read
 * it from their first render); the worker starts after, and hears of a change of
 * assumed organisation through `update`. Without Worker support (component tests
 * under jsdom) the store still opens and screens show what it holds.
 */
export function LocalSync({ children }: { children: ReactNode }) {
  const { state, renderFor } = useSession();
  const profile = state.status === 'active' ? state.profile : null;
  const username = profile?.user.username ?? null;
  if (username) loadedLocalStore().openLocalDatabase(username);

  const session: SyncSession | null = profile ? { username: profile.user.username, policy: profile.policy, renderFor } : null;
  const latest = useRef(session);
  // Before the start below (effects run in order), which reads it.
  useLayoutEffect(() => {
    latest.current = session;
  });

  const handle = useRef<Promise<SyncHandle> | null>(null);
  // A layout effect, so the engine handle is set before any screen's (passive) effect
  // asks it to mirror a page: React runs every layout effect of a commit, parents'
  // included, before the first passive effect of a child. With a plain effect a
  // screen opened by a full page load found no engine and never asked for its rows.
  useLayoutEffect(() => {
    const first = latest.current;
    if (!username || !first || typeof Worker === 'undefined') return;
    const started = loadedLocalStore().startSync(first);
    handle.current = started;
    return () => {
      handle.current = null;
      void started.then((h) => h.stop());
    };
  }, [username]);

  useEffect(() => (username ? loadOutboxWritesOnFirstInput() : undefined), [username]);

  const scopeKey = session ? `${session.policy.orgId}|${session.policy.orgType}|${renderFor?.orgType ?? ''}|${renderFor?.orgId ?? ''}` : '';
  useEffect(() => {
    const next = latest.current;
    if (next) void handle.current?.then((h) => h.update(next));
  }, [scopeKey]);

  return children;
}
