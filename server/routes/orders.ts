import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { historyEntrySchema, historyQuerySchema, orderListQuerySchema, orderSchema, orderSummarySchema } from '../../src/domain/schemas/orders';
import { jobQueuedSchema } from '../../src/domain/schemas/jobs';
import type { AppContext } from '../app-context';
import { queueExportAnswer } from '../edi/export-request';
import { readHistory } from '../history';
import { notFound } from '../http/errors';
import { mutate } from '../http/mutate';
import { rememberedAnswer } from '../http/remembered-answer';
import { listOrders, loadOrder, type OrderSide } from '../orders/order-rows';
import { requireCapability, requireOrg } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';

const orderParams = z.object({ orgId: z.string().min(1).max(40), orderId: wholeNumber(z.number().positive()) });
const listParams = z.object({ orgId: z.string().min(1).max(40) });
const ORDER_LIST = { params: listParams, querystring: orderListQuerySchema, response: { 200: z.array(orderSummarySchema) } };
/** The order list sends bytes it remembers, so it is typed by hand rather than by the type provider. */
type ListRoute = { Params: z.output<typeof listParams>; Querystring: z.output<typeof orderListQuerySchema> };

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const side of ['seller', 'buyer'] as const) {
    // A page of the list is the same for everyone who may view the organisation's orders
    // on this side, so it is remembered under exactly that (server/http/remembered-answer.ts),
    // written once by the route's compiled serialiser: tablets reconnecting together
    // read the same first page.
    app.get<ListRoute>(`/${side}/:orgId/order`, { schema: ORDER_LIST }, async (request, reply) => {
      const { orgId } = request.params;
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      const query = request.query;
      const key = ['orders', side, org.orgKey, query.offset, query.limit, query.orderNumberLike ?? ''];
      const json = await rememberedAnswer(
        ctx.db,
        key,
        async () =>
          // The route's serialiser is compiled from a JSON schema: it writes a string.
          Buffer.from(reply.serialize(await listOrders(ctx.db, side, org.orgKey, query)) as string),
        request.revisionSeen,
      );
      return reply.type('application/json; charset=utf-8').send(json);
    });

    // The spec: opening an order marks it read. The detail call does so itself; the
    // read action below does the same for a client that opened the order offline.
    api.get(`/${side}/:orgId/order/:orderId`, { schema: { params: orderParams, response: { 200: orderSchema } } }, async (request) => {
      const { orgId, orderId } = request.params;
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      const order = await orderOf(ctx, side, org.orgKey, orderId);
      if (!order.read) {
        await ctx.db.transaction().execute((trx) => markRead(trx, side, org.orgKey, orderId));
        order.read = true;
      }
      return order;
    });

    api.post(`/${side}/:orgId/order/:orderId/actions/read`, { schema: { params: orderParams, response: { 200: orderSchema } } }, async (request, reply) => {
      const { orgId, orderId } = request.params;
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      await orderOf(ctx, side, org.orgKey, orderId);
      return mutate(ctx.db, request, reply, async (trx) => {
        await markRead(trx, side, org.orgKey, orderId);
        return { body: await loadOrder(trx, side, org.orgKey, orderId) };
      });
    });

    api.get(`/${side}/:orgId/order/:orderId/history`, { schema: { params: orderParams, querystring: historyQuerySchema, response: { 200: z.array(historyEntrySchema) } } }, async (request) => {
      const { orgId, orderId } = request.params;
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      await orderOf(ctx, side, org.orgKey, orderId);
      const { type } = request.query;
      return readHistory(ctx.db, 'order', String(orderId), type);
    });
  }

  api.post('/seller/:orgId/order/:orderId/actions/export', { schema: { params: orderParams, response: { 202: jobQueuedSchema } } }, async (request, reply) => {
    const { orgId, orderId } = request.params;
    const { user, org } = await requireOrg(request, ctx.db, 'seller', orgId);
    requireCapability(user, org, 'exportOrder');
    await orderOf(ctx, 'seller', org.orgKey, orderId);
    return queueExportAnswer(ctx.db, request, reply, { target: 'order', orgKey: org.orgKey, id: orderId, user: user.displayName });
  });
}
