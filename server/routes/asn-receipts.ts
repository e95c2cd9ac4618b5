import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { asnReceiptInputSchema } from '../../src/domain/schemas/asn-receipts';
import type { AppContext } from '../app-context';
import { mutate } from '../http/mutate';
import { parse } from '../http/parse';
import { receiveAsn } from '../orders/receive-asn';
import { requireCapability, requireOrg } from '../policy';

const params = z.object({ orgId: z.string().min(1).max(40), asnId: wholeNumber(z.number().positive()) });

/** Receiving (issue 31): the buyer of a submitted ASN confirms what arrived, line by line. */
export async function asnReceiptRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/buyer/:orgId/asn/:asnId/receipt', async (request, reply) => {
    const { orgId, asnId } = parse(params, request.params);
    const { user, org } = await requireOrg(request, ctx.db, 'buyer', orgId);
    requireCapability(user, org, 'receiveDeliveries');
    const input = parse(asnReceiptInputSchema, request.body);
    return mutate(ctx.db, request, reply, async (trx) => ({ body: await receiveAsn(trx, user, org.orgKey, asnId, input) }));
  });
}
