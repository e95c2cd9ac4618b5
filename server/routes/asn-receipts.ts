import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { asnSchema } from '../../src/domain/schemas/asn';
import { asnReceiptInputSchema } from '../../src/domain/schemas/asn-receipts';
import type { AppContext } from '../app-context';
import { mutate } from '../http/mutate';
import { receiveAsn } from '../orders/receive-asn';
import { requireCapability, requireOrg } from '../policy';

const params = z.object({ orgId: z.string().min(1).max(40), asnId: wholeNumber(z.number().positive()) });

/** Receiving (issue 31): the buyer of a submitted ASN confirms what arrived, line by line. */
export async function asnReceiptRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/buyer/:orgId/asn/:asnId/receipt', { schema: { params, body: asnReceiptInputSchema, response: { 200: asnSchema } } }, async (request, reply) => {
      const { orgId, asnId } = request.params;
      const { user, org } = await requireOrg(request, ctx.db, 'buyer', orgId);
      requireCapability(user, org, 'receiveDeliveries');
      const input = request.body;
      return mutate(ctx.db, request, reply, async (trx) => ({ body: await receiveAsn(trx, user, org.orgKey, asnId, input) }));
    });
}
