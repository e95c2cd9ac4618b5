import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changesAnswerSchema, changesQuerySchema } from '../../src/domain/schemas/sync';
import type { AppContext } from '../app-context';
import { changesFeedLimit } from '../http/per-user-limit';
import { requireOrg } from '../policy';
import { changesAnswerJson } from '../sync/changes-answer';

const params = z.object({ kind: z.enum(['seller', 'buyer', 'org']), orgId: z.string().min(1).max(40) });

/**
 * The changes feed of a scope (server/sync/changes-page.ts), sent as written
 * (server/sync/changes-answer.ts): the answer's schema is declared for the contract,
 * while the bytes are the prepared ones, not serialised again.
 */
export async function syncRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const schema = { params, querystring: changesQuerySchema, response: { 200: changesAnswerSchema } };
  // Typed by hand, not by the type provider, whose reply would want the object the bytes already are.
  type Route = { Params: z.output<typeof params>; Querystring: z.output<typeof changesQuerySchema> };
  app.get<Route>('/sync/:kind/:orgId/changes', { schema }, async (request, reply) => {
    const { kind, orgId } = request.params;
    const { user, org } = await requireOrg(request, ctx.db, kind, orgId);
    const { since, limit } = request.query;
    const answer = await changesFeedLimit.run(user.userNo, () => changesAnswerJson(ctx.db, user, org, { kind, since, limit }, request.revisionSeen));
    return reply.type('application/json; charset=utf-8').send(answer);
  });
}
