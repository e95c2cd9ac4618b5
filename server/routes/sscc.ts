import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import type { AppContext } from '../app-context';
import { MAX_SSCC_RESERVATION, reserveSsccs } from '../packing/sscc-serials';
import { requireCapability, requireOrg } from '../policy';

const params = z.object({ sellerId: z.string().min(1).max(40) });
const body = z.object({ count: wholeNumber(z.number().int().min(1).max(MAX_SSCC_RESERVATION)) });
const reserved = z.object({ ssccs: z.array(z.string()) });

/**
 * SSCCs for a supplier's packages, reserved ahead by a tablet so it can label packages
 * offline; a reserved SSCC left unused is never handed out again.
 */
export async function ssccRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/seller/:sellerId/sscc', { schema: { params, body, response: { 201: reserved } } }, async (request, reply) => {
    const { sellerId } = request.params;
    const { count } = request.body;
    const { user, org } = await requireOrg(request, ctx.db, 'seller', sellerId);
    requireCapability(user, org, 'createAsn');
    const ssccs = await reserveSsccs(ctx.db, org, count);
    return reply.code(201).send({ ssccs });
  });
}
