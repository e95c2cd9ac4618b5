import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validateCatalogueExport } from '../../src/domain/rules/catalogue';
import {
  downloadRequestedSchema,
  metaUpdateSchema,
  productListQuerySchema,
  productPageSchema,
  productWrapperSchema,
  supplierListQuerySchema,
  supplierSchema,
  uploadUrlSchema,
  type Meta,
  type ProductWrapper,
  type Supplier,
} from '../../src/domain/schemas/catalogue';
import { fillChunkQuerySchema, fillChunkSchema, fillPlanQuerySchema, fillPlanSchema } from '../../src/domain/schemas/product-fill';
import { jobQueuedSchema } from '../../src/domain/schemas/jobs';
import { PAGE_SIZE } from '../../src/domain/constants';
import { containsIgnoreCase } from '../accounts/like';
import type { AppContext } from '../app-context';
import { decodeCursor, encodeCursor } from '../catalogue/cursor';
import { fillChunkJson } from '../catalogue/fill-chunk';
import { fillPlanJson } from '../catalogue/fill-plan';
import { joinedMeta, likePattern, metaEntityKey, WRAPPER_COLUMNS, wrapProducts, wrapProductsJson } from '../catalogue/products';
import { jobUploadUrl } from '../catalogue/upload-url';
import type { Db } from '../db/database';
import { writeHistory } from '../history';
import { ONE_STEP_COMPRESSION } from '../http/compression';
import { badRequest, notFound } from '../http/errors';
import { mutate } from '../http/mutate';
import { preparedQuery } from '../db/prepared-query';
import { JOB_KINDS } from '../jobs/kinds';
import { enqueueJob } from '../jobs/queue';
import { requireCapability, requireOrg, requireSupplierOrg } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';

/** A type, not an interface: prepared queries take their values as a record. */
type PageValues = {
  sellerKey: string;
  after: string;
  like: string;
  limit: number;
};

/**
 * The rows a page of the size screens ask for (PAGE_SIZE) reads, the one that says whether
 * there is more included, written into the SQL of a query of its own: PostgreSQL plans a
 * statement with `limit $n` afresh on every run (its generic plan, which cannot know the
 * limit, looks ten times dearer), which cost it more than running it; with the limit
 * written in, it keeps one plan after five runs. Other sizes take the limit as a value.
 */
const SCREEN_PAGE_ROWS = PAGE_SIZE + 1;
const limitOf = (fixed: boolean, limit: number) => (fixed ? sql.lit(SCREEN_PAGE_ROWS) : limit);

/** A page of a supplier's products, from the start or after a cursor, with or without a search, of the screens' size or not: eight queries, each compiled once. */
function productPageQuery(afterCursor: boolean, search: boolean, screenSize: boolean) {
  return preparedQuery((db, v: PageValues) => {
    let q = db.selectFrom('products').select(WRAPPER_COLUMNS).where('seller_key', '=', v.sellerKey).where('deleted', '=', 0);
    if (afterCursor) q = q.where('product_code', '>', v.after);
    if (search) q = q.where(sql<boolean>`search like ${v.like} escape '\\'`);
    return q.orderBy('product_code').limit(limitOf(screenSize, v.limit));
  });
}

/**
 * The same page in a buyer's view, each product with the buyer's meta of it (none: nulls)
 * in the same read: on PostgreSQL a second read is a round trip, which costs the server
 * more than the join costs the database.
 */
function buyerProductPageQuery(afterCursor: boolean, search: boolean, screenSize: boolean) {
  return preparedQuery((db, v: PageValues & { buyerKey: string }) => {
    let q = db
      .selectFrom('products as p')
      .leftJoin('product_meta as m', (join) =>
        join.onRef('m.product_code', '=', 'p.product_code').on('m.buyer_key', '=', v.buyerKey).on('m.seller_key', '=', v.sellerKey).on('m.deleted', '=', 0),
      )
      .select([...WRAPPER_COLUMNS.map((c) => `p.${c}` as const), 'm.product_code as meta_code', 'm.excluded', 'm.contract_prices', 'm.last_exported_ms'])
      .where('p.seller_key', '=', v.sellerKey)
      .where('p.deleted', '=', 0);
    if (afterCursor) q = q.where('p.product_code', '>', v.after);
    if (search) q = q.where(sql<boolean>`p.search like ${v.like} escape '\\'`);
    return q.orderBy('p.product_code').limit(limitOf(screenSize, v.limit));
  });
}

/** Every kind of page a view reads, by where it starts, whether it searches and whether it is of the screens' size. */
function pageQueries<Q>(make: (afterCursor: boolean, search: boolean, screenSize: boolean) => Q) {
  const sizes = (afterCursor: boolean, search: boolean) => ({ screen: make(afterCursor, search, true), other: make(afterCursor, search, false) });
  return {
    first: { all: sizes(false, false), search: sizes(false, true) },
    after: { all: sizes(true, false), search: sizes(true, true) },
  };
}
const PRODUCT_PAGE_QUERIES = pageQueries(productPageQuery);
const BUYER_PRODUCT_PAGE_QUERIES = pageQueries(buyerProductPageQuery);

/** A page's rows in a view, with the buyer's meta of each product in a buyer's view. */
async function productPageRows(db: Tx, sellerKey: string, buyerKey: string | null, values: PageValues, afterCursor: boolean, search: boolean) {
  const kind = afterCursor ? 'after' : 'first';
  const variant = search ? 'search' : 'all';
  const size = values.limit === SCREEN_PAGE_ROWS ? 'screen' : 'other';
  if (!buyerKey) return { rows: await PRODUCT_PAGE_QUERIES[kind][variant][size](db, values), metas: undefined };
  const rows = await BUYER_PRODUCT_PAGE_QUERIES[kind][variant][size](db, { ...values, buyerKey });
  const metas = new Map<string, Meta>();
  for (const row of rows) {
    if (row.meta_code === null) continue;
    metas.set(row.product_code, joinedMeta(buyerKey, sellerKey, row.meta_code, row));
  }
  return { rows, metas };
}

/**
 * A page of products as the JSON text of the answer `{data, cursor}`. Written by hand,
 * not with JSON.stringify nor a serialiser compiled from the schema as other answers
 * are (server/http/schema-compilers.ts): each product's part is already JSON (its stored wire), so the
 * page is one indexed read and a string join. Nothing unnamed can slip out: every field
 * of a wrapper is written by name (catalogue/products.ts).
 */
async function productPageJson(
  db: Tx,
  sellerKey: string,
  buyerKey: string | null,
  query: z.infer<typeof productListQuerySchema>,
  revisionSeen: string | number | null,
): Promise<string> {
  const after = decodeCursor<string>(query.cursor, 'string');
  const values = { sellerKey, after: after ?? '', like: query.q ? likePattern(query.q) : '', limit: query.limit + 1 };
  const { rows, metas } = await productPageRows(db, sellerKey, buyerKey, values, after !== null, Boolean(query.q));
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const data = await wrapProductsJson(db, sellerKey, page, buyerKey, metas, revisionSeen);
  const cursor = more ? encodeCursor(page[page.length - 1]!.product_code) : null;
  return `{"data":[${data.join(',')}],"cursor":${JSON.stringify(cursor)}}`;
}

async function oneProduct(db: Tx, sellerKey: string, code: string, buyerKey: string | null): Promise<ProductWrapper> {
  const row = await db
    .selectFrom('products')
    .select(WRAPPER_COLUMNS)
    .where('seller_key', '=', sellerKey)
    .where('product_code', '=', code)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('Product');
  return (await wrapProducts(db, sellerKey, [row], buyerKey))[0]!;
}

const sellerParams = z.object({ sellerId: z.string() });
const buyerSellerParams = z.object({ buyerId: z.string(), sellerId: z.string() });
const productParams = { seller: sellerParams.extend({ productCode: z.string() }), buyer: buyerSellerParams.extend({ productCode: z.string() }) };
type BuyerSellerParams = z.infer<typeof buyerSellerParams>;
type Query<S extends z.ZodType> = z.output<S>;

/**
 * Product pages and fill chunks are written as JSON text, compressed by the compress
 * plugin. Through `reply.compress`, not `send`: the plugin's onSend hook runs after the
 * one Fastify gives HEAD, which has dropped the body by then, so a HEAD would lose the
 * GET's Content-Encoding and Vary.
 */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  reply.type('application/json; charset=utf-8').compress(json);
  return reply;
}

/** A remembered answer (server/http/remembered-answer.ts), sent as the bytes it was kept as. */
function sendJsonBytes(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

async function buyerAndSeller(request: FastifyRequest<{ Params: BuyerSellerParams }>, db: Db) {
  const { user, org: buyer } = await requireOrg(request, db, 'buyer', request.params.buyerId);
  const seller = await requireSupplierOrg(db, request.params.sellerId, request.revisionSeen);
  return { user, buyer, seller };
}

export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;

  const suppliers = { params: z.object({ buyerId: z.string() }), querystring: supplierListQuerySchema, response: { 200: z.array(supplierSchema) } };
  app.get<{ Params: { buyerId: string }; Querystring: Query<typeof supplierListQuerySchema> }>('/buyer/:buyerId/seller', { schema: suppliers }, async (request): Promise<Supplier[]> => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'viewCatalogue');
    const query = request.query;
    let q = db.selectFrom('orgs').select(['unique_key', 'name']).where('deleted', '=', 0).where('type', '=', 1);
    if (query.nameLike) q = q.where(containsIgnoreCase('name', query.nameLike));
    const rows = await q.orderBy('name').orderBy('unique_key').limit(query.limit).offset(query.offset).execute();
    return rows.map((r) => ({ uniqueKey: r.unique_key, name: r.name }));
  });

  // The product pages, fill plans and chunks send bytes written ahead (stored wires, see above; remembered plans): their
  // answer schemas are declared for the contract, not used to write them again.
  const productPage = (params: z.ZodType) => ({ params, querystring: productListQuerySchema, response: { 200: productPageSchema } });
  const plan = (params: z.ZodType) => ({ params, querystring: fillPlanQuerySchema, response: { 200: fillPlanSchema } });
  const chunk = (params: z.ZodType) => ({ params, querystring: fillChunkQuerySchema, response: { 200: fillChunkSchema } });
  type PageQuery = { Querystring: Query<typeof productListQuerySchema> };
  type PlanQuery = { Querystring: Query<typeof fillPlanQuerySchema> };
  type ChunkQuery = { Querystring: Query<typeof fillChunkQuerySchema> };

  app.get<{ Params: { sellerId: string } } & PageQuery>('/seller/:sellerId/product', { schema: productPage(sellerParams) }, async (request, reply) => {
    const { user, org } = await requireOrg(request, db, 'seller', request.params.sellerId);
    requireCapability(user, org, 'viewCatalogue');
    return sendJsonText(reply, await productPageJson(db, org.orgKey, null, request.query, request.revisionSeen));
  });

  // The fill (ours, not the spec's): the same authorization as the product list of each view.
  app.get<{ Params: { sellerId: string } } & PlanQuery>('/seller/:sellerId/products/fill', { schema: plan(sellerParams) }, async (request, reply) => {
    const { user, org } = await requireOrg(request, db, 'seller', request.params.sellerId);
    requireCapability(user, org, 'viewCatalogue');
    return sendJsonBytes(reply, await fillPlanJson(db, org.orgKey, request.query.size, request.revisionSeen));
  });

  app.get<{ Params: { sellerId: string } } & ChunkQuery>('/seller/:sellerId/products/fill/chunk', { compress: ONE_STEP_COMPRESSION, schema: chunk(sellerParams) }, async (request, reply) => {
    const { user, org } = await requireOrg(request, db, 'seller', request.params.sellerId);
    requireCapability(user, org, 'viewCatalogue');
    return sendJsonText(reply, await fillChunkJson(db, org.orgKey, null, request.query, request.revisionSeen));
  });

  app.get<{ Params: BuyerSellerParams } & PlanQuery>('/buyer/:buyerId/seller/:sellerId/products/fill', { schema: plan(buyerSellerParams) }, async (request, reply) => {
    const { user, buyer, seller } = await buyerAndSeller(request, db);
    requireCapability(user, buyer, 'viewCatalogue');
    return sendJsonBytes(reply, await fillPlanJson(db, seller.orgKey, request.query.size, request.revisionSeen));
  });

  app.get<{ Params: BuyerSellerParams } & ChunkQuery>(
    '/buyer/:buyerId/seller/:sellerId/products/fill/chunk',
    { compress: ONE_STEP_COMPRESSION, schema: chunk(buyerSellerParams) },
    async (request, reply) => {
    const { user, buyer, seller } = await buyerAndSeller(request, db);
    requireCapability(user, buyer, 'viewCatalogue');
    return sendJsonText(reply, await fillChunkJson(db, seller.orgKey, buyer.orgKey, request.query, request.revisionSeen));
    },
  );

  const oneProductSchema = (params: z.ZodType) => ({ params, response: { 200: productWrapperSchema } });
  app.get<{ Params: { sellerId: string; productCode: string } }>('/seller/:sellerId/product/:productCode', { schema: oneProductSchema(productParams.seller) }, async (request) => {
    const { user, org } = await requireOrg(request, db, 'seller', request.params.sellerId);
    requireCapability(user, org, 'viewCatalogue');
    return oneProduct(db, org.orgKey, request.params.productCode, null);
  });

  app.get<{ Params: BuyerSellerParams } & PageQuery>('/buyer/:buyerId/seller/:sellerId/product', { schema: productPage(buyerSellerParams) }, async (request, reply) => {
    const { user, buyer, seller } = await buyerAndSeller(request, db);
    requireCapability(user, buyer, 'viewCatalogue');
    return sendJsonText(reply, await productPageJson(db, seller.orgKey, buyer.orgKey, request.query, request.revisionSeen));
  });

  app.get<{ Params: BuyerSellerParams & { productCode: string } }>(
    '/buyer/:buyerId/seller/:sellerId/product/:productCode',
    { schema: oneProductSchema(productParams.buyer) },
    async (request) => {
      const { user, buyer, seller } = await buyerAndSeller(request, db);
      requireCapability(user, buyer, 'viewCatalogue');
      return oneProduct(db, seller.orgKey, request.params.productCode, buyer.orgKey);
    },
  );

  app.post<{ Params: BuyerSellerParams & { productCode: string }; Body: z.output<typeof metaUpdateSchema> }>(
    '/buyer/:buyerId/seller/:sellerId/meta/:productCode',
    { schema: { params: productParams.buyer, body: metaUpdateSchema, response: { 200: productWrapperSchema } } },
    async (request, reply) => {
      const { user, buyer, seller } = await buyerAndSeller(request, db);
      requireCapability(user, buyer, 'includeProducts');
      const input = request.body;
      const code = request.params.productCode;
      return mutate(db, request, reply, async (trx) => {
        const product = await trx
          .selectFrom('products')
          .select(['product_code', 'description'])
          .where('seller_key', '=', seller.orgKey)
          .where('product_code', '=', code)
          .where('deleted', '=', 0)
          .executeTakeFirst();
        if (!product) throw notFound('Product');
        const existing = await trx
          .selectFrom('product_meta')
          .selectAll()
          .where('buyer_key', '=', buyer.orgKey)
          .where('seller_key', '=', seller.orgKey)
          .where('product_code', '=', code)
          .executeTakeFirst();
        // The spec: with no meta yet, including creates one with excluded false; otherwise the flag toggles.
        const excluded = input.excluded ?? (existing && existing.deleted === 0 ? existing.excluded !== 1 : false);
        const rev = await recordChange(trx, {
          entity: 'productMeta',
          key: metaEntityKey(buyer.orgKey, seller.orgKey, code),
          op: 'upsert',
          scopes: [{ kind: 'buyer', orgKey: buyer.orgKey }],
        });
        const now = new Date().toISOString();
        if (existing) {
          await trx
            .updateTable('product_meta')
            .set({ excluded: excluded ? 1 : 0, deleted: 0, rev, updated_at: now })
            .where('id', '=', existing.id)
            .execute();
        } else {
          await trx
            .insertInto('product_meta')
            .values({
              buyer_key: buyer.orgKey,
              seller_key: seller.orgKey,
              product_code: code,
              excluded: excluded ? 1 : 0,
              contract_prices: '[]',
              last_exported_ms: null,
              updated_at: now,
              rev,
              deleted: 0,
            })
            .execute();
        }
        await writeHistory(trx, user, {
          orgKey: buyer.orgKey,
          entity: 'product',
          entityKey: metaEntityKey(buyer.orgKey, seller.orgKey, code),
          type: excluded ? 'EXCLUDED' : 'INCLUDED',
          action: excluded ? 'Product excluded' : 'Product included',
          description: `${code} ${product.description ?? ''} of ${seller.name}`.trim(),
        });
        return { body: await oneProduct(trx, seller.orgKey, code, buyer.orgKey) };
      });
    },
  );

  const download = { params: buyerSellerParams, response: { 202: downloadRequestedSchema } };
  app.post<{ Params: BuyerSellerParams }>('/buyer/:buyerId/seller/:sellerId/meta/action/download', { schema: download }, async (request, reply) => {
    const { user, buyer, seller } = await buyerAndSeller(request, db);
    requireCapability(user, buyer, 'manageCatalogueTemplates');
    return mutate(db, request, reply, async (trx) => {
      const jobId = await enqueueJob(trx, {
        orgKey: buyer.orgKey,
        kind: JOB_KINDS.templateGenerate,
        payload: { sellerId: seller.orgKey, user: user.displayName },
      });
      return { status: 202, body: { jobId, downloadUrl: null } };
    });
  });

  const templateUpload = { params: buyerSellerParams, response: { 200: uploadUrlSchema } };
  app.post<{ Params: BuyerSellerParams }>('/buyer/:buyerId/seller/:sellerId/meta/action/upload-url', { schema: templateUpload }, async (request) => {
    const { user, buyer, seller } = await buyerAndSeller(request, db);
    requireCapability(user, buyer, 'manageCatalogueTemplates');
    const uploadUrl = jobUploadUrl(config, {
      orgKey: buyer.orgKey,
      fileName: `template-${seller.orgKey}.csv`,
      purpose: JOB_KINDS.templateApply,
      user,
      params: { sellerId: seller.orgKey },
    });
    return { uploadUrl };
  });

  const catalogueExport = { params: buyerSellerParams, response: { 202: jobQueuedSchema } };
  app.post<{ Params: BuyerSellerParams }>('/buyer/:buyerId/seller/:sellerId/product/action/export', { schema: catalogueExport }, async (request, reply) => {
    const { user, buyer, seller } = await buyerAndSeller(request, db);
    requireCapability(user, buyer, 'exportCatalogue');
    return mutate(db, request, reply, async (trx) => {
      const included = await trx
        .selectFrom('product_meta')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('buyer_key', '=', buyer.orgKey)
        .where('seller_key', '=', seller.orgKey)
        .where('excluded', '=', 0)
        .where('deleted', '=', 0)
        .executeTakeFirstOrThrow();
      const errors = validateCatalogueExport({ productCount: Number(included.n) });
      if (errors.length) throw badRequest(errors);
      // Export is disabled while one runs: a second request joins the export already queued.
      const running = await trx
        .selectFrom('jobs')
        .select(['id', 'payload'])
        .where('org_key', '=', buyer.orgKey)
        .where('kind', '=', JOB_KINDS.catalogueExport)
        .where('state', 'in', ['queued', 'running'])
        .execute();
      const same = running.find((j) => (JSON.parse(j.payload) as { sellerId?: string }).sellerId === seller.orgKey);
      const jobId =
        same?.id ??
        (await enqueueJob(trx, {
          orgKey: buyer.orgKey,
          kind: JOB_KINDS.catalogueExport,
          payload: { sellerId: seller.orgKey, user: user.displayName },
        }));
      return { status: 202, body: { jobId } };
    });
  });

  app.post<{ Params: { sellerId: string } }>('/seller/:sellerId/ppo/action/upload-url', { schema: { params: sellerParams, response: { 200: uploadUrlSchema } } }, async (request) => {
    const { user, org } = await requireOrg(request, db, 'seller', request.params.sellerId);
    requireCapability(user, org, 'uploadPriceFile');
    const uploadUrl = jobUploadUrl(config, { orgKey: org.orgKey, fileName: 'price-file.csv', purpose: JOB_KINDS.priceFileImport, user });
    return { uploadUrl };
  });
}
