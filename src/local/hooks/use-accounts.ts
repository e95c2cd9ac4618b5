import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { PAGE_SIZE } from '../../domain/constants';
import { accountNameMatches } from '../../domain/rules/accounts';
import { isTemporaryKey, savedKeyMetaKey } from '../../sync/commands/collection-item';
import type { OutboxEntry } from '../../sync/outbox-entry';
import { touchId } from '../../sync/overlay';
import type { AccountRow, CommunityUserRow } from '../../sync/rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';
import { useOffsetMirror, type OffsetMirror } from './use-offset-mirror';
import { useShownRefusal } from './use-shown-refusal';
import { useOnline } from './use-sync-state';

export type { AccountRow, CommunityUserRow };

/**
 * An account whose create is still queued: only the browser holds it (a server row
 * always has its orgNo). Its settings and users can be queued after it, but nothing can
 * be viewed as it yet.
 */
export const isUnsentAccount = (account: AccountRow) => isTemporaryKey(account.key) || (account.pending === true && account.orgNo === undefined);

const byName = (a: AccountRow, b: AccountRow) => String(a.name ?? '').localeCompare(String(b.name ?? ''));

/**
 * A list the store holds whole (the changes feed brings every row) but shows 20 at a
 * time, as the spec pages it: each `loadMore` shows one page more and asks the server
 * for its next page, so rows the feed has not brought yet arrive too.
 */
function usePagedRows<R>(rows: R[] | undefined, paging: OffsetMirror, resetKey: string) {
  const [shown, setShown] = useState({ key: resetKey, pages: 1 });
  const pages = shown.key === resetKey ? shown.pages : 1;
  const { loadMore: loadServerPage } = paging;
  const loadMore = useCallback(() => {
    setShown({ key: resetKey, pages: pages + 1 });
    loadServerPage();
  }, [resetKey, pages, loadServerPage]);
  const visible = rows?.slice(0, pages * PAGE_SIZE);
  return {
    rows: visible,
    loadMore,
    loading: paging.loading,
    exhausted: paging.exhausted && (rows?.length ?? 0) <= pages * PAGE_SIZE,
  };
}

/**
 * The accounts support administers, by name: the store's rows filtered by `nameFilter`
 * at once, the server asked for `serverFilter` (the screen lets it settle first).
 */
export function useAccountList(supportOrgId: string, nameFilter: string, serverFilter: string) {
  const scope = scopeId('org', supportOrgId);
  const accounts = useLiveQuery(async () => {
    const rows = await localDatabase().accounts.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
    return rows.filter((a) => accountNameMatches(String(a.name ?? ''), nameFilter)).sort(byName);
  }, [scope, nameFilter]);
  const searched = serverFilter.trim();
  const paging = useOffsetMirror((offset) => mirror('accountPage', scope, offset, searched || undefined), `${scope}|${searched}`);
  return usePagedRows(accounts, paging, `${scope}|${nameFilter}`);
}

/** One account as the store holds it: undefined while read, null when absent (e.g. deleted). */
export function useAccount(supportOrgId: string, uniqueKey: string | null) {
  const scope = scopeId('org', supportOrgId);
  return useLiveQuery(
    async () => (uniqueKey ? ((await localDatabase().accounts.get([scope, uniqueKey])) ?? null) : null),
    [scope, uniqueKey],
  );
}

/** Users of one account's community, oldest first. */
export function useCommunityUsers(supportOrgId: string, orgId: string) {
  const scope = scopeId('org', supportOrgId);
  const users = useLiveQuery(async () => {
    const rows = await localDatabase().users.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
    return rows.filter((u) => u.orgId === orgId).sort((a, b) => Number(a.userNo ?? Infinity) - Number(b.userNo ?? Infinity));
  }, [scope, orgId]);
  const paging = useOffsetMirror((offset) => mirror('userPage', scope, offset, orgId), `${scope}|${orgId}`);
  return usePagedRows(users, paging, `${scope}|${orgId}`);
}

export interface AccountOutbox {
  /**
   * Changes of this account being sent for the first time, online: the drawer shows its
   * busy overlay, which lasts as long as a request does.
   */
  busy: boolean;
  /**
   * Changes of this account queued while offline or waiting for a retry: the drawer says
   * so without covering it, so support can go on editing (e.g. the properties of an
   * account whose create is still queued); the outbox sends everything in order.
   */
  waiting: boolean;
  /** Changes of this account the server refused, with its errors. */
  refused: OutboxEntry[];
}

/** The outbox entries of one account: its own row (in support's scope) and everything in its `org:` scope. */
export function useAccountOutbox(supportOrgId: string, uniqueKey: string | null): AccountOutbox {
  const rowTouch = uniqueKey ? touchId({ table: 'accounts', scope: scopeId('org', supportOrgId), key: uniqueKey }) : null;
  const orgScope = uniqueKey ? scopeId('org', uniqueKey) : null;
  const entries = useLiveQuery(async () => {
    if (!rowTouch || !orgScope) return [];
    return localDatabase()
      .outbox.filter((e) => e.scope === orgScope || e.touchIds.includes(rowTouch))
      .sortBy('seq');
  }, [rowTouch, orgScope]);
  const online = useOnline();
  const pending = (entries ?? []).filter((e) => e.state === 'pending');
  const busy = online && pending.some((e) => e.attempts === 0);
  const refused = (entries ?? []).filter((e) => e.state === 'failed');
  // The account drawer shows them, at their tab or above the tabs.
  useShownRefusal(refused.map((e) => e.id));
  return { busy, waiting: pending.length > 0 && !busy, refused };
}

/**
 * Keeps an account's own scope (its properties, receiving emails, sender sources, EDI
 * settings and UOM mapping) mirrored while support edits it: pulled on opening, when
 * the connection returns, and once its changes have been sent.
 */
export function useAccountScopeMirror(uniqueKey: string | null, busy: boolean): { failed: boolean } {
  const online = useOnline();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!uniqueKey || busy) return;
    let live = true;
    const pending = mirror('scope', scopeId('org', uniqueKey));
    pending?.then(
      () => live && setFailed(false),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [uniqueKey, busy, online]);
  return { failed };
}

/**
 * The key to show of a row support added (an account, a user): its temporary key until
 * the server accepted it, then the key the server gave it.
 */
export function useSavedKey(supportOrgId: string, key: string | null): string | null {
  const scope = scopeId('org', supportOrgId);
  const saved = useLiveQuery(
    async () => (key && isTemporaryKey(key) ? (await localDatabase().meta.get(savedKeyMetaKey(scope, key)))?.value : undefined),
    [scope, key],
  );
  return typeof saved === 'string' ? saved : key;
}

/** One community user as the store holds it: undefined while read, null when absent (deleted). */
export function useCommunityUser(supportOrgId: string, userKey: string | null) {
  const scope = scopeId('org', supportOrgId);
  return useLiveQuery(
    async () => (userKey ? ((await localDatabase().users.get([scope, userKey])) ?? null) : null),
    [scope, userKey],
  );
}
