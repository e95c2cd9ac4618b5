import type { Change, ChangesAnswer } from '../../src/domain/schemas/sync';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import type { OrgRef } from '../policy';
import type { Scope } from './change-log';
import { entityLoaders } from './entities';
import { mayReadEntity } from './entity-permissions';
import { groupBy } from './group-by';

/** One page of a scope's change_log after a revision, in revision order. */
const changePage = preparedQuery((db, v: { kind: Scope['kind']; orgKey: string; since: number; limit: number }) =>
  db
    .selectFrom('change_log')
    .select(['rev', 'entity', 'entity_key', 'op'])
    .where('scope_kind', '=', v.kind)
    .where('org_key', '=', v.orgKey)
    .where('rev', '>', v.since)
    .orderBy('rev')
    .limit(v.limit),
);

/** Every entry of one revision of a scope. */
const revisionEntries = preparedQuery((db, v: { kind: Scope['kind']; orgKey: string; rev: number }) =>
  db
    .selectFrom('change_log')
    .select(['rev', 'entity', 'entity_key', 'op'])
    .where('scope_kind', '=', v.kind)
    .where('org_key', '=', v.orgKey)
    .where('rev', '=', v.rev),
);

/**
 * A page of the changes feed: change_log entries of one scope after `since`, in
 * revision order. Several entries of one row within a page collapse into the latest,
 * carrying the row as it is now; the cursor is the last revision read, so nothing is
 * skipped.
 */
export async function loadChangesPage(db: Db, user: SessionUser, org: OrgRef, kind: Scope['kind'], since: number, limit: number): Promise<ChangesAnswer> {
  const scope: Scope = { kind, orgKey: org.orgKey };
  const entries = await changePage(db, { kind, orgKey: org.orgKey, since, limit: limit + 1 });
  const hasMore = entries.length > limit;
  let page = entries.slice(0, limit);
  // The cursor is a revision, so a page never ends inside one: the rest of it would be
  // skipped for good. Databases written before each batched row got a revision of its
  // own (server/catalogue/changes.ts) hold imports of thousands of rows under one.
  const next = entries[limit];
  if (next && Number(page[page.length - 1]!.rev) === Number(next.rev)) {
    const before = page.filter((e) => Number(e.rev) < Number(next.rev));
    page = before.length > 0 ? before : await revisionEntries(db, { kind, orgKey: org.orgKey, rev: Number(next.rev) });
  }

  const latest = new Map<string, Change>();
  // A page holds few entity names, each asked of the capability table once.
  const readable = new Map<string, boolean>();
  for (const e of page) {
    let mayRead = readable.get(e.entity);
    if (mayRead === undefined) readable.set(e.entity, (mayRead = mayReadEntity(user, org, e.entity)));
    // What the entity's own route would refuse is left out; the cursor still moves past it.
    if (!mayRead) continue;
    const id = `${e.entity}\u0000${e.entity_key}`;
    latest.delete(id);
    latest.set(id, { entity: e.entity, key: e.entity_key, op: e.op === 'delete' ? 'delete' : 'upsert', rev: Number(e.rev) });
  }
  const changes = [...latest.values()];

  // One batched load per entity, however many rows of it the page holds; the loads
  // go out together, so PostgreSQL answers them side by side.
  const upsertsByEntity = groupBy(
    changes.filter((c) => c.op === 'upsert'),
    (c) => c.entity,
  );
  await Promise.all(
    [...upsertsByEntity].map(async ([entity, upserts]) => {
      const loader = entityLoaders[entity];
      if (!loader) return;
      const rows = await loader(db, upserts.map((c) => c.key), scope);
      for (const c of upserts) {
        const row = rows.get(c.key);
        if (row === undefined) c.op = 'delete';
        else c.row = row;
      }
    }),
  );
  const last = page[page.length - 1];
  return { changes, cursor: last ? Number(last.rev) : since, hasMore };
}
