import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../../src/domain/roles';
import { cxmlCredentialInputSchema, cxmlCredentialViewSchema, cxmlInboundEntrySchema } from '../../src/domain/schemas/cxml-credential';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { identitiesTakenElsewhere, readCredential, saveCredential, secretHashOf } from '../edi/inbound/credentials';
import { recentInbound } from '../edi/inbound/inbound-log';
import { writeHistory } from '../history';
import { conflict, forbidden } from '../http/errors';
import { mutate } from '../http/mutate';
import { parse } from '../http/parse';
import { requireOrg, requireSupport } from '../policy';

const orgParams = z.object({ orgId: z.string().min(1).max(40) });

/** The cXML credential is account administration: the organisation's admins and support. */
async function requireOrgAdmin(request: FastifyRequest, db: Db) {
  const ref = await requireOrg(request, db, 'org', parse(orgParams, request.params).orgId);
  if (!isAdmin(ref.user)) throw forbidden();
  return ref;
}

/**
 * GET/PUT /org/{id}/cxml-credential: who the organisation is in cXML headers, and its shared
 * secret (write-only: stored hashed, answered as `sharedSecretSet`, kept out of the changes
 * feed and history). GET /org/{id}/cxml-inbound: the last inbound requests, for support.
 */
export async function cxmlCredentialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = orgParams;
  api.get('/org/:orgId/cxml-credential', { schema: { params, response: { 200: cxmlCredentialViewSchema } } }, async (request) => {
    const { org } = await requireOrgAdmin(request, ctx.db);
    return readCredential(ctx.db, org.orgKey);
  });

  const putSchema = { params, body: cxmlCredentialInputSchema, response: { 200: cxmlCredentialViewSchema } };
  api.put('/org/:orgId/cxml-credential', { schema: putSchema }, async (request, reply) => {
    const { user, org } = await requireOrgAdmin(request, ctx.db);
    const input = request.body;
    const secretHash = await secretHashOf(input);
    return mutate(ctx.db, request, reply, async (trx) => {
      const taken = await identitiesTakenElsewhere(trx, org.orgKey, input.identities);
      if (taken.length > 0) throw conflict(taken.map((i) => `Identity ${i.identity} (${i.domain}) belongs to another organisation`));
      await saveCredential(trx, org.orgKey, input.identities, secretHash);
      const secretNote = secretHash === undefined ? 'shared secret kept' : secretHash === null ? 'shared secret removed' : 'shared secret replaced';
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'org',
        entityKey: org.orgKey,
        type: 'CXML_CREDENTIAL',
        action: 'cXML credential saved',
        description: `Identities: ${input.identities.map((i) => `${i.domain}/${i.identity}`).join(', ') || 'none'}; ${secretNote}`,
      });
      return { body: await readCredential(trx, org.orgKey) };
    });
  });

  api.get('/org/:orgId/cxml-inbound', { schema: { params, response: { 200: z.array(cxmlInboundEntrySchema) } } }, async (request) => {
    requireSupport(request);
    const { org } = await requireOrg(request, ctx.db, 'org', request.params.orgId);
    return recentInbound(ctx.db, org.orgKey);
  });
}
