import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validateAccountCode, validateTaxCodes } from '../../src/domain/rules/properties';
import { buyerSellerPropsAnswerSchema, buyerSellerPropsSchema, buyerSettingsAnswerSchema, buyerSettingsSchema } from '../../src/domain/schemas/properties';
import { customerSchema } from '../../src/domain/schemas/accounts';
import type { AppContext } from '../app-context';
import { writeHistory } from '../history';
import { badRequest, notFound } from '../http/errors';
import { mutate } from '../http/mutate';
import type { Db } from '../db/database';
import { requireCapability, requireOrg, requireSupplierOrg, type OrgRef } from '../policy';
import { recordChange } from '../sync/change-log';

const buyerParams = z.object({ buyerId: z.string() });
const pairParams = z.object({ buyerId: z.string(), sellerId: z.string() });
const customerParams = z.object({ sellerId: z.string(), buyerId: z.string() });

export async function buyerSettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  /** Tax codes: buyers only (support acting for a buyer). Null until the buyer first saves them. */
  api.get('/buyer/:buyerId', { schema: { params: buyerParams, response: { 200: buyerSettingsAnswerSchema } } }, async (request) => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'viewBuyerSettings');
    const row = await db.selectFrom('buyer_settings').selectAll().where('org_no', '=', org.orgNo).executeTakeFirst();
    return { taxCodeMapping: row ? { taxableCode: row.taxable_code, nonTaxableCode: row.non_taxable_code } : null };
  });

  api.post('/buyer/:buyerId', { schema: { params: buyerParams, body: buyerSettingsSchema, response: { 200: buyerSettingsAnswerSchema } } }, async (request, reply) => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'editTaxCodes');
    const { taxCodeMapping } = request.body;
    const errors = validateTaxCodes(taxCodeMapping);
    if (errors.length) throw badRequest(errors);
    const taxable = taxCodeMapping.taxableCode.trim();
    const nonTaxable = taxCodeMapping.nonTaxableCode.trim();
    return mutate(db, request, reply, async (trx) => {
      const rev = await recordChange(trx, { entity: 'buyerSettings', key: org.orgKey, op: 'upsert', scopes: [{ kind: 'org', orgKey: org.orgKey }] });
      await trx
        .insertInto('buyer_settings')
        .values({ org_no: org.orgNo, taxable_code: taxable, non_taxable_code: nonTaxable, rev })
        .onConflict((oc) => oc.column('org_no').doUpdateSet({ taxable_code: taxable, non_taxable_code: nonTaxable, rev }))
        .execute();
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'buyerSettings',
        entityKey: org.orgKey,
        type: 'UPDATED',
        action: 'Tax codes updated',
        description: `Taxable ${taxable}, non taxable ${nonTaxable}`,
      });
      return { body: { taxCodeMapping: { taxableCode: taxable, nonTaxableCode: nonTaxable } } };
    });
  });

  /** The Catalogue Account Code the buyer gives a supplier. Null until set. */
  api.get('/buyer/:buyerId/seller/:sellerId/props', { schema: { params: pairParams, response: { 200: buyerSellerPropsAnswerSchema } } }, async (request) => {
    const params = request.params;
    const { user, org } = await requireOrg(request, db, 'buyer', params.buyerId);
    requireCapability(user, org, 'viewBuyerSettings');
    const seller = await requireSupplierOrg(db, params.sellerId, request.revisionSeen);
    const row = await db
      .selectFrom('buyer_seller_props')
      .select('supplier_code')
      .where('buyer_org_no', '=', org.orgNo)
      .where('seller_org_no', '=', seller.orgNo)
      .executeTakeFirst();
    return { supplierCode: row?.supplier_code ?? null };
  });

  api.post('/buyer/:buyerId/seller/:sellerId/props', { schema: { params: pairParams, body: buyerSellerPropsSchema, response: { 200: buyerSellerPropsAnswerSchema } } }, async (request, reply) => {
    const params = request.params;
    const { user, org } = await requireOrg(request, db, 'buyer', params.buyerId);
    requireCapability(user, org, 'editAccountCodes');
    const seller = await requireSupplierOrg(db, params.sellerId, request.revisionSeen);
    const { supplierCode } = request.body;
    const errors = validateAccountCode(supplierCode);
    if (errors.length) throw badRequest(errors);
    const code = supplierCode.trim();
    return mutate(db, request, reply, async (trx) => {
      const key = `${org.orgKey}/${seller.orgKey}`;
      const rev = await recordChange(trx, { entity: 'buyerSellerProps', key, op: 'upsert', scopes: [{ kind: 'org', orgKey: org.orgKey }] });
      await trx
        .insertInto('buyer_seller_props')
        .values({ buyer_org_no: org.orgNo, seller_org_no: seller.orgNo, supplier_code: code, rev })
        .onConflict((oc) => oc.columns(['buyer_org_no', 'seller_org_no']).doUpdateSet({ supplier_code: code, rev }))
        .execute();
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'buyerSellerProps',
        entityKey: key,
        type: 'UPDATED',
        action: 'Account code updated',
        description: `Catalogue Account Code for ${seller.name} = ${code}`,
      });
      return { body: { supplierCode: code } };
    });
  });

  /**
   * A supplier's customer: the spec calls it and does not use the answer; it names the
   * buyer. Only a university the supplier trades with (orders, a pricelist for it, or an
   * account code it gave the supplier) is a customer; any other is answered as unknown.
   */
  api.get('/seller/:sellerId/buyer/:buyerId', { schema: { params: customerParams, response: { 200: customerSchema } } }, async (request) => {
    const params = request.params;
    const { user, org: seller } = await requireOrg(request, db, 'seller', params.sellerId);
    if (user.userType !== 'SUPPORT' && !(await tradesWith(db, seller, params.buyerId))) throw notFound('Customer');
    const buyer = await db
      .selectFrom('orgs')
      .select(['unique_key', 'name', 'address2', 'state', 'post_code', 'country_no'])
      .where('unique_key', '=', params.buyerId)
      .where('type', '=', 2)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!buyer) throw notFound('Customer');
    return {
      uniqueKey: buyer.unique_key,
      name: buyer.name,
      address2: buyer.address2,
      state: buyer.state,
      postCode: buyer.post_code,
      countryNo: buyer.country_no,
    };
  });
}

/** True when the supplier has orders from the buyer, a pricelist for it, or an account code from it. */
async function tradesWith(db: Db, seller: OrgRef, buyerKey: string): Promise<boolean> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('seller_key', '=', seller.orgKey)
    .where('buyer_key', '=', buyerKey)
    .limit(1)
    .executeTakeFirst();
  if (order) return true;
  const pricelist = await db
    .selectFrom('pricelist_buyers')
    .innerJoin('pricelists', 'pricelists.id', 'pricelist_buyers.pricelist_id')
    .select('pricelists.id')
    .where('pricelists.seller_key', '=', seller.orgKey)
    .where('pricelists.deleted', '=', 0)
    .where('pricelist_buyers.buyer_key', '=', buyerKey)
    .limit(1)
    .executeTakeFirst();
  if (pricelist) return true;
  const props = await db
    .selectFrom('buyer_seller_props')
    .innerJoin('orgs', 'orgs.org_no', 'buyer_seller_props.buyer_org_no')
    .select('buyer_seller_props.seller_org_no')
    .where('buyer_seller_props.seller_org_no', '=', seller.orgNo)
    .where('orgs.unique_key', '=', buyerKey)
    .limit(1)
    .executeTakeFirst();
  return props !== undefined;
}
