import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changesQuerySchema } from '../../src/domain/schemas/sync';
import type { AppContext } from '../app-context';
import { parse } from '../http/parse';
import { changesFeedLimit } from '../http/per-user-limit';
import { requireOrg } from '../policy';
import { changesAnswerJson } from '../sync/changes-answer';

const params = z.object({ kind: z.enum(['seller', 'buyer', 'org']), orgId: z.string().min(1).max(40) });

/** The changes feed of a scope (server/sync/changes-page.ts), sent as written (server/sync/changes-answer.ts). */
export async function syncRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/sync/:kind/:orgId/changes', async (request, reply) => {
    const { kind, orgId } = parse(params, request.params);
    const { user, org } = await requireOrg(request, ctx.db, kind, orgId);
    const { since, limit } = parse(changesQuerySchema, request.query);
    const answer = await changesFeedLimit.run(user.userNo, () => changesAnswerJson(ctx.db, user, org, kind, since, limit));
    return reply.type('application/json; charset=utf-8').send(answer);
  });
}
