import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changesQuerySchema, type Change, type ChangesAnswer } from '../../src/domain/schemas/sync';
import type { AppContext } from '../app-context';
import { parse } from '../http/parse';
import { requireOrg } from '../policy';
import type { Scope } from '../sync/change-log';
import { entityLoaders } from '../sync/entities';
import { mayReadEntity } from '../sync/entity-permissions';
import { groupBy } from '../sync/group-by';

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

    const entries = await ctx.db
      .selectFrom('change_log')
      .select(['rev', 'entity', 'entity_key', 'op'])
      .where('scope_kind', '=', kind)
      .where('org_key', '=', org.orgKey)
      .where('rev', '>', since)
      .orderBy('rev')
      .limit(limit + 1)
      .execute();
    const hasMore = entries.length > limit;
    const page = entries.slice(0, limit);

    const latest = new Map<string, Change>();
    for (const e of page) {
      // What the entity's own route would refuse is left out; the cursor still moves past it.
      if (!mayReadEntity(user, org, e.entity)) continue;
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
