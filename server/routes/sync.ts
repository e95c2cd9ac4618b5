import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changesQuerySchema, type Change, type ChangesAnswer } from '../../src/domain/schemas/sync';
import type { AppContext } from '../app-context';
import { preparedQuery } from '../db/prepared-query';
import { parse } from '../http/parse';
import { requireOrg } from '../policy';
import type { Scope } from '../sync/change-log';
import { entityLoaders } from '../sync/entities';
import { mayReadEntity } from '../sync/entity-permissions';
import { groupBy } from '../sync/group-by';

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

const params = z.object({ kind: z.enum(['seller', 'buyer', 'org']), orgId: z.string().min(1).max(40) });

/**
 * The changes feed: change_log entries of one scope after `since`, in revision order.
 * Several entries of one row within a page collapse into the latest, carrying the row
 * as it is now; the cursor is the last revision read, so nothing is skipped.
 */
export async function syncRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/sync/:kind/:orgId/changes', async (request): Promise<ChangesAnswer> => {
    const { kind, orgId } = parse(params, request.params);
    const { user, org } = await requireOrg(request, ctx.db, kind, orgId);
    const { since, limit } = parse(changesQuerySchema, request.query);
    const scope: Scope = { kind, orgKey: org.orgKey };

    const entries = await changePage(ctx.db, { kind, orgKey: org.orgKey, since, limit: limit + 1 });
    const hasMore = entries.length > limit;
    const page = entries.slice(0, limit);

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
        const rows = await loader(ctx.db, upserts.map((c) => c.key), scope);
        for (const c of upserts) {
          const row = rows.get(c.key);
          if (row === undefined) c.op = 'delete';
          else c.row = row;
        }
      }),
    );
    const last = page[page.length - 1];
    return { changes, cursor: last ? Number(last.rev) : since, hasMore };
  });
}
