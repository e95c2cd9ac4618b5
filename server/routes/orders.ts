import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { historyQuerySchema, orderListQuerySchema, orderSummarySchema } from '../../src/domain/schemas/orders';
import type { AppContext } from '../app-context';
import { queueExportAnswer } from '../edi/export-request';
import { readHistory } from '../history';
import { notFound } from '../http/errors';
import { mutate } from '../http/mutate';
import { rememberedAnswer } from '../http/remembered-answer';
import { parse } from '../http/parse';
import { listOrders, loadOrder, type OrderSide } from '../orders/order-rows';
import { requireCapability, requireOrg } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';

const orderParams = z.object({ orgId: z.string().min(1).max(40), orderId: wholeNumber(z.number().positive()) });
const listParams = z.object({ orgId: z.string().min(1).max(40) });

/**
 * Marks an order read for one side. Only a real change bumps the revision, so opening
 * an already-read order (or replaying the read action) changes nothing. Only that
 * side's feed hears of it: the other side's read flag did not move.
 */
async function markRead(trx: Tx, side: OrderSide, orgKey: string, orderId: number): Promise<boolean> {
  const column = side === 'seller' ? 'seller_read' : 'buyer_read';
  const result = await trx
    .updateTable('orders')
    .set({ [column]: 1 })
    .where('id', '=', orderId)
    .where(side === 'seller' ? 'seller_key' : 'buyer_key', '=', orgKey)
    .where(column, '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const rev = await recordChange(trx, { entity: 'order', key: String(orderId), op: 'upsert', scopes: [{ kind: side, orgKey }] });
  await trx.updateTable('orders').set({ rev }).where('id', '=', orderId).execute();
  return true;
}

async function orderOf(ctx: AppContext, side: OrderSide, orgKey: string, orderId: number) {
  const order = await loadOrder(ctx.db, side, orgKey, orderId);
  if (!order) throw notFound('Order');
  return order;
}

export async function orderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const side of ['seller', 'buyer'] as const) {
    // A page of the list is the same for everyone who may view the organisation's orders
    // on this side, so it is remembered under exactly that (server/http/remembered-answer.ts),
    // written once by the route's compiled serialiser: tablets reconnecting together
    // read the same first page.
    app.get(`/${side}/:orgId/order`, { schema: { response: { 200: z.array(orderSummarySchema) } } }, async (request, reply) => {
      const { orgId } = parse(listParams, request.params);
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      const query = parse(orderListQuerySchema, request.query);
      const key = ['orders', side, org.orgKey, query.offset, query.limit, query.orderNumberLike ?? ''];
      const json = await rememberedAnswer(ctx.db, key, async () =>
        // The route's serialiser is compiled from a JSON schema: it writes a string.
        Buffer.from(reply.serialize(await listOrders(ctx.db, side, org.orgKey, query)) as string),
      );
      return reply.type('application/json; charset=utf-8').send(json);
    });

    // The spec: opening an order marks it read. The detail call does so itself; the
    // read action below does the same for a client that opened the order offline.
    app.get(`/${side}/:orgId/order/:orderId`, async (request) => {
      const { orgId, orderId } = parse(orderParams, request.params);
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      const order = await orderOf(ctx, side, org.orgKey, orderId);
      if (!order.read) {
        await ctx.db.transaction().execute((trx) => markRead(trx, side, org.orgKey, orderId));
        order.read = true;
      }
      return order;
    });

    app.post(`/${side}/:orgId/order/:orderId/actions/read`, async (request, reply) => {
      const { orgId, orderId } = parse(orderParams, request.params);
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      await orderOf(ctx, side, org.orgKey, orderId);
      return mutate(ctx.db, request, reply, async (trx) => {
        await markRead(trx, side, org.orgKey, orderId);
        return { body: await loadOrder(trx, side, org.orgKey, orderId) };
      });
    });

    app.get(`/${side}/:orgId/order/:orderId/history`, async (request) => {
      const { orgId, orderId } = parse(orderParams, request.params);
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      await orderOf(ctx, side, org.orgKey, orderId);
      const { type } = parse(historyQuerySchema, request.query);
      return readHistory(ctx.db, 'order', String(orderId), type);
    });
  }

  app.post('/seller/:orgId/order/:orderId/actions/export', async (request, reply) => {
    const { orgId, orderId } = parse(orderParams, request.params);
    const { user, org } = await requireOrg(request, ctx.db, 'seller', orgId);
    requireCapability(user, org, 'exportOrder');
    await orderOf(ctx, 'seller', org.orgKey, orderId);
    return queueExportAnswer(ctx.db, request, reply, { target: 'order', orgKey: org.orgKey, id: orderId, user: user.displayName });
  });
}
