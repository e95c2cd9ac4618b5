import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { catalogueErrors, validatePricelist } from '../../src/domain/rules/catalogue';
import {
  cursorQuerySchema,
  pricelistInputSchema,
  pricelistMappingSchema,
  pricelistPageSchema,
  pricelistSchema,
  priceGroupPageSchema,
  type PriceGroup,
  type Pricelist,
} from '../../src/domain/schemas/pricelists';
import { uploadUrlSchema } from '../../src/domain/schemas/catalogue';
import type { AppContext } from '../app-context';
import { decodeCursor, encodeCursor } from '../catalogue/cursor';
import { jobUploadUrl } from '../catalogue/upload-url';
import type { Db } from '../db/database';
import { writeHistory } from '../history';
import { badRequest, notFound } from '../http/errors';
import { mutate } from '../http/mutate';
import { JOB_KINDS } from '../jobs/kinds';
import { requireCapability, requireOrg } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';

const sellerParams = z.object({ sellerId: z.string() });
/** The pricelist id stays text here: one that is not a number is a pricelist not found (findPricelist). */
const pricelistParams = sellerParams.extend({ pricelistId: z.string() });
type SellerParams = z.infer<typeof sellerParams>;

const pricelistIdSchema = wholeNumber(z.number().positive());

/** The path's supplier, for a user who may read (`viewPricelists`) or change (`editPricelists`) its pricelists. */
async function seller(request: FastifyRequest<{ Params: SellerParams }>, db: Db, capability: 'viewPricelists' | 'editPricelists') {
  const { user, org } = await requireOrg(request, db, 'seller', request.params.sellerId);
  requireCapability(user, org, capability);
  return { user, org };
}

/** A pricelist of the path's supplier; another supplier's id answers 404. */
async function findPricelist(db: Tx, sellerKey: string, rawId: string) {
  const parsed = pricelistIdSchema.safeParse(rawId);
  if (!parsed.success) throw notFound('Pricelist');
  const row = await db
    .selectFrom('pricelists')
    .select(['id', 'name'])
    .where('id', '=', parsed.data)
    .where('seller_key', '=', sellerKey)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('Pricelist');
  return row;
}

const toPricelist = (row: { id: number; name: string }): Pricelist => ({ pricelistId: Number(row.id), name: row.name });

async function touchPricelist(trx: Tx, sellerKey: string, id: number): Promise<void> {
  const rev = await recordChange(trx, { entity: 'pricelist', key: String(id), op: 'upsert', scopes: [{ kind: 'seller', orgKey: sellerKey }] });
  await trx.updateTable('pricelists').set({ rev, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

async function mappedBuyerIds(db: Tx, pricelistId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pricelist_buyers')
    .select('buyer_key')
    .where('pricelist_id', '=', pricelistId)
    .orderBy('buyer_key')
    .execute();
  return rows.map((r) => r.buyer_key);
}

export async function pricelistRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  api.get('/seller/:sellerId/pricelist', { schema: { querystring: cursorQuerySchema, params: sellerParams, response: { 200: pricelistPageSchema } } }, async (request) => {
    const { org } = await seller(request, db, 'viewPricelists');
    const query = request.query;
    const after = decodeCursor<number>(query.cursor, 'number');
    let q = db.selectFrom('pricelists').select(['id', 'name']).where('seller_key', '=', org.orgKey).where('deleted', '=', 0);
    if (after !== null) q = q.where('id', '>', after);
    const rows = await q.orderBy('id').limit(query.limit + 1).execute();
    const more = rows.length > query.limit;
    const page = more ? rows.slice(0, query.limit) : rows;
    return { data: page.map(toPricelist), cursor: more ? encodeCursor(Number(page[page.length - 1]!.id)) : null };
  });

  api.post('/seller/:sellerId/pricelist', { schema: { body: pricelistInputSchema, params: sellerParams, response: { 201: pricelistSchema } } }, async (request, reply) => {
    const { user, org } = await seller(request, db, 'editPricelists');
    const input = request.body;
    const errors = validatePricelist(input);
    if (errors.length) throw badRequest(errors);
    const name = input.name.trim();
    return mutate(db, request, reply, async (trx) => {
      const now = new Date().toISOString();
      const row = await trx
        .insertInto('pricelists')
        .values({ seller_key: org.orgKey, name, created_at: now, updated_at: now, rev: 0, deleted: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await touchPricelist(trx, org.orgKey, id);
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'pricelist',
        entityKey: String(id),
        type: 'CREATED',
        action: 'Pricelist created',
        description: name,
      });
      return { status: 201, body: toPricelist({ id, name }) };
    });
  });

  api.put('/seller/:sellerId/pricelist/:pricelistId', { schema: { body: pricelistInputSchema, params: pricelistParams, response: { 200: pricelistSchema } } }, async (request, reply) => {
    const { user, org } = await seller(request, db, 'editPricelists');
    const input = request.body;
    const errors = validatePricelist(input);
    if (errors.length) throw badRequest(errors);
    const name = input.name.trim();
    return mutate(db, request, reply, async (trx) => {
      const current = await findPricelist(trx, org.orgKey, request.params.pricelistId);
      await trx.updateTable('pricelists').set({ name }).where('id', '=', current.id).execute();
      await touchPricelist(trx, org.orgKey, current.id);
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'pricelist',
        entityKey: String(current.id),
        type: 'RENAMED',
        action: 'Pricelist renamed',
        description: `${current.name} -> ${name}`,
      });
      return { body: toPricelist({ id: current.id, name }) };
    });
  });

  api.get('/seller/:sellerId/pricelist/:pricelistId/price', { schema: { querystring: cursorQuerySchema, params: pricelistParams, response: { 200: priceGroupPageSchema } } }, async (request) => {
    const { org } = await seller(request, db, 'viewPricelists');
    const pricelist = await findPricelist(db, org.orgKey, request.params.pricelistId);
    const query = request.query;
    const after = decodeCursor<string>(query.cursor, 'string');
    let codesQuery = db.selectFrom('pricelist_prices').select('product_code').distinct().where('pricelist_id', '=', pricelist.id);
    if (after !== null) codesQuery = codesQuery.where('product_code', '>', after);
    const codes = (await codesQuery.orderBy('product_code').limit(query.limit + 1).execute()).map((r) => r.product_code);
    const more = codes.length > query.limit;
    const page = more ? codes.slice(0, query.limit) : codes;
    const groups = new Map<string, PriceGroup>(page.map((code) => [code, { productCode: code, prices: [] }]));
    if (page.length) {
      const rows = await db
        .selectFrom('pricelist_prices')
        .selectAll()
        .where('pricelist_id', '=', pricelist.id)
        .where('product_code', 'in', page)
        .orderBy('product_code')
        .orderBy('uom')
        .orderBy('start_date')
        .orderBy('lower_quantity')
        .execute();
      for (const r of rows) {
        groups.get(r.product_code)!.prices.push({
          uom: r.uom,
          startDate: r.start_date,
          lowerQuantity: r.lower_quantity,
          upperQuantity: r.upper_quantity,
          price: r.price,
        });
      }
    }
    return { data: [...groups.values()], cursor: more ? encodeCursor(page[page.length - 1]!) : null };
  });

  api.post('/seller/:sellerId/pricelist/:pricelistId/price/action/upload-url', { schema: { params: pricelistParams, response: { 200: uploadUrlSchema } } }, async (request) => {
    const { user, org } = await seller(request, db, 'editPricelists');
    const pricelist = await findPricelist(db, org.orgKey, request.params.pricelistId);
    const uploadUrl = jobUploadUrl(config, {
      orgKey: org.orgKey,
      fileName: `pricelist-${pricelist.id}.csv`,
      purpose: JOB_KINDS.pricelistPriceImport,
      user,
      params: { pricelistId: String(pricelist.id) },
    });
    return { uploadUrl };
  });

  api.get('/seller/:sellerId/pricelist/:pricelistId/buyers', { schema: { params: pricelistParams, response: { 200: pricelistMappingSchema } } }, async (request) => {
    const { org } = await seller(request, db, 'viewPricelists');
    const pricelist = await findPricelist(db, org.orgKey, request.params.pricelistId);
    return { buyerIds: await mappedBuyerIds(db, pricelist.id) };
  });

  api.put('/seller/:sellerId/pricelist/:pricelistId/buyers', { schema: { body: pricelistMappingSchema, params: pricelistParams, response: { 200: pricelistMappingSchema } } }, async (request, reply) => {
    const { user, org } = await seller(request, db, 'editPricelists');
    const input = request.body;
    const buyerIds = [...new Set(input.buyerIds.map((b) => b.trim()).filter(Boolean))].sort();
    return mutate(db, request, reply, async (trx) => {
      const pricelist = await findPricelist(trx, org.orgKey, request.params.pricelistId);
      const universities = buyerIds.length
        ? await trx
            .selectFrom('orgs')
            .select('unique_key')
            .where('unique_key', 'in', buyerIds)
            .where('type', '=', 2)
            .where('deleted', '=', 0)
            .execute()
        : [];
      const known = new Set(universities.map((u) => u.unique_key));
      const wrong = buyerIds.filter((b) => !known.has(b));
      if (wrong.length) throw badRequest([catalogueErrors.buyersMustBeUniversities(wrong)]);
      await trx.deleteFrom('pricelist_buyers').where('pricelist_id', '=', pricelist.id).execute();
      if (buyerIds.length) {
        await trx
          .insertInto('pricelist_buyers')
          .values(buyerIds.map((b) => ({ pricelist_id: pricelist.id, buyer_key: b })))
          .execute();
      }
      await touchPricelist(trx, org.orgKey, pricelist.id);
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'pricelist',
        entityKey: String(pricelist.id),
        type: 'MAPPED',
        action: 'Pricelist mapped',
        description: `Pricelist ${pricelist.name} mapped with ${buyerIds.length} accounts`,
      });
      return { body: { buyerIds } };
    });
  });
}
