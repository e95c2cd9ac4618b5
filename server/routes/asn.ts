import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { messages } from '../../src/domain/messages';
import { remainingQuantities, roundQuantity } from '../../src/domain/remaining-quantities';
import { asnErrors, validateAsnSubmit, type AsnIssue } from '../../src/domain/rules/asn';
import { asnPackageErrors } from '../../src/domain/rules/asn-packages';
import { asnListQuerySchema, asnSchema, asnSubmitSchema } from '../../src/domain/schemas/asn';
import { jobQueuedSchema } from '../../src/domain/schemas/jobs';
import { historyEntrySchema, historyQuerySchema } from '../../src/domain/schemas/orders';
import type { AppContext } from '../app-context';
import { isPostgres } from '../db/database';
import { queueExportAnswer } from '../edi/export-request';
import { readHistory, writeHistory } from '../history';
import { badRequestAt, notFound } from '../http/errors';
import { mutate } from '../http/mutate';
import { rematchInvoicesOfOrder } from '../invoices/match-invoice';
import { listAsns, loadAsn, shippedLinesOfOrder } from '../orders/asn-rows';
import { unissuedSsccs } from '../packing/sscc-serials';
import { findOrg, requireCapability, requireOrg } from '../policy';
import { recordChange, type Scope, type Tx } from '../sync/change-log';

const orgKeyParam = z.string().min(1).max(40);
const listParams = z.object({ orgId: orgKeyParam });
const asnParams = z.object({ orgId: orgKeyParam, asnId: wholeNumber(z.number().positive()) });
const submitParams = z.object({ sellerId: orgKeyParam, buyerId: orgKeyParam });

/** The order checks of a submit are about the ASN's order number. */
const orderIssue = (message: string): AsnIssue => ({ field: 'orderNumber', message });

const bothSides = (sellerKey: string, buyerKey: string): Scope[] => [
  { kind: 'seller', orgKey: sellerKey },
  { kind: 'buyer', orgKey: buyerKey },
];

/**
 * The order an ASN ships, locked for the rest of the transaction under PostgreSQL so
 * two submits for one order are counted one after the other (SQLite has one writer).
 */
async function lockOrder(trx: Tx, sellerKey: string, buyerKey: string, orderNo: string) {
  return trx
    .selectFrom('orders')
    .select(['id', 'order_no', 'state'])
    .where('seller_key', '=', sellerKey)
    .where('buyer_key', '=', buyerKey)
    .where('order_no', '=', orderNo)
    .where('deleted', '=', 0)
    .$if(isPostgres(trx as unknown as Kysely<unknown>), (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function asnRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const side of ['seller', 'buyer'] as const) {
    api.get(`/${side}/:orgId/asn`, { schema: { params: listParams, querystring: asnListQuerySchema, response: { 200: z.array(asnSchema) } } }, async (request) => {
      const { orgId } = request.params;
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      return listAsns(ctx.db, side, org.orgKey, request.query);
    });

    api.get(`/${side}/:orgId/asn/:asnId`, { schema: { params: asnParams, response: { 200: asnSchema } } }, async (request) => {
      const { orgId, asnId } = request.params;
      const { user, org } = await requireOrg(request, ctx.db, side, orgId);
      requireCapability(user, org, 'viewOrders');
      const asn = await loadAsn(ctx.db, side, org.orgKey, asnId);
      if (!asn) throw notFound('ASN');
      return asn;
    });
  }

  api.post('/seller/:sellerId/buyer/:buyerId/asn', { schema: { params: submitParams, body: asnSubmitSchema, response: { 201: asnSchema } } }, async (request, reply) => {
    const { sellerId, buyerId } = request.params;
    const { user, org } = await requireOrg(request, ctx.db, 'seller', sellerId);
    requireCapability(user, org, 'createAsn');
    const buyer = await findOrg(ctx.db, buyerId);
    if (!buyer || buyer.orgType !== 'UNIVERSITY') throw notFound('Organisation');
    const draft = request.body;
    // Refusals name each error's field (`fieldErrors`) next to the spec's `errors` texts.
    const formIssues = validateAsnSubmit(draft);
    if (formIssues.length > 0) throw badRequestAt(formIssues);

    return mutate(ctx.db, request, reply, async (trx) => {
      const order = await lockOrder(trx, org.orgKey, buyer.orgKey, draft.orderNumber.trim());
      if (!order) throw badRequestAt([orderIssue(messages.unknownOrder)]);
      if (order.state === 'Cancelled') throw badRequestAt([orderIssue(asnErrors.orderCancelled)]);
      const orderLines = (
        await trx.selectFrom('order_lines').select(['number', 'quantity', 'uom']).where('order_id', '=', order.id).execute()
      ).map((l) => ({ number: l.number, quantity: Number(l.quantity), uom: l.uom }));
      const earlier = await shippedLinesOfOrder(trx, order.id);
      const remaining = remainingQuantities(orderLines, earlier);
      const issues = validateAsnSubmit(draft, remaining);
      const ssccs = draft.packages.flatMap((p) => (p.sscc ? [p.sscc] : []));
      for (const sscc of await unissuedSsccs(trx, org, ssccs)) issues.push({ field: 'lines', message: asnPackageErrors.notIssued(sscc) });
      if (issues.length > 0) throw badRequestAt(issues);

      const { count } = await trx
        .selectFrom('asns')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      const shipmentId = `${order.order_no}-S${Number(count) + 1}`;
      const uomOf = new Map(orderLines.map((l) => [l.number, l.uom]));
      const inserted = await trx
        .insertInto('asns')
        .values({
          shipment_id: shipmentId,
          seller_key: org.orgKey,
          buyer_key: buyer.orgKey,
          order_id: order.id,
          order_number: order.order_no,
          state: 'SUBMITTED',
          created_date: new Date().toISOString(),
          notice_date: draft.noticeDate,
          delivery_date: draft.deliveryDate,
          shipment_date: draft.shipmentDate,
          carrier_name: draft.carrierName,
          tracking_id: draft.trackingId,
          ship_from: JSON.stringify(draft.shipFrom),
          ship_to: JSON.stringify(draft.shipTo),
          packages: JSON.stringify(draft.packages),
          exported: 0,
          waiting_for_action: 1,
          rev: 0,
          deleted: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('asn_lines')
        .values(
          draft.lines.map((l) => ({
            asn_id: inserted.id,
            number: l.number,
            quantity: roundQuantity(l.quantity),
            uom: l.uom || uomOf.get(l.number) || '',
          })),
        )
        .execute();
      const scopes = bothSides(org.orgKey, buyer.orgKey);
      const asnRev = await recordChange(trx, { entity: 'asn', key: String(inserted.id), op: 'upsert', scopes });
      await trx.updateTable('asns').set({ rev: asnRev }).where('id', '=', inserted.id).execute();

      // The order's state follows what is left to ship after this notice.
      const after = remainingQuantities(orderLines, [...earlier, { lines: draft.lines }]);
      const state = [...after.values()].every((q) => q <= 0) ? 'Shipped' : 'Partially Shipped';
      if (state !== order.state) {
        const orderRev = await recordChange(trx, { entity: 'order', key: String(order.id), op: 'upsert', scopes });
        await trx.updateTable('orders').set({ state, rev: orderRev }).where('id', '=', order.id).execute();
      }

      // What the order's invoices are matched against (3-way) just changed.
      await rematchInvoicesOfOrder(trx, order.id, 'ASN submitted');

      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'asn',
        entityKey: String(inserted.id),
        type: 'SUBMITTED',
        action: 'Submitted',
        description: `ASN ${shipmentId} submitted for order ${order.order_no}`,
      });
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'order',
        entityKey: String(order.id),
        type: 'ASN_SUBMITTED',
        action: 'ASN submitted',
        description: `ASN ${shipmentId} submitted${state !== order.state ? `; order state ${state}` : ''}`,
      });
      return { status: 201, body: await loadAsn(trx, 'seller', org.orgKey, inserted.id) };
    });
  });

  api.post('/seller/:orgId/asn/:asnId/actions/export', { schema: { params: asnParams, response: { 202: jobQueuedSchema } } }, async (request, reply) => {
    const { orgId, asnId } = request.params;
    const { user, org } = await requireOrg(request, ctx.db, 'seller', orgId);
    requireCapability(user, org, 'exportAsn');
    if (!(await loadAsn(ctx.db, 'seller', org.orgKey, asnId))) throw notFound('ASN');
    return queueExportAnswer(ctx.db, request, reply, { target: 'asn', orgKey: org.orgKey, id: asnId, user: user.displayName });
  });

  api.get('/seller/:orgId/asn/:asnId/history', { schema: { params: asnParams, querystring: historyQuerySchema, response: { 200: z.array(historyEntrySchema) } } }, async (request) => {
    const { orgId, asnId } = request.params;
    const { user, org } = await requireOrg(request, ctx.db, 'seller', orgId);
    requireCapability(user, org, 'exportAsn');
    if (!(await loadAsn(ctx.db, 'seller', org.orgKey, asnId))) throw notFound('ASN');
    const { type } = request.query;
    return readHistory(ctx.db, 'asn', String(asnId), type);
  });
}
