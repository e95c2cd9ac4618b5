import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryTreeSchema, uploadUrlSchema, type CategoryNode } from '../../src/domain/schemas/catalogue';
import type { AppContext } from '../app-context';
import { jobUploadUrl } from '../catalogue/upload-url';
import { JOB_KINDS } from '../jobs/kinds';
import { requireCapability, requireOrg } from '../policy';

const params = z.object({ buyerId: z.string() });

export async function categoryTreeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/buyer/:buyerId/category-tree', { schema: { params, response: { 200: categoryTreeSchema } } }, async (request) => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'viewBuyerSettings');
    const row = await db.selectFrom('category_trees').select('tree').where('buyer_key', '=', org.orgKey).executeTakeFirst();
    return row ? (JSON.parse(row.tree) as CategoryNode[]) : [];
  });

  api.post('/buyer/:buyerId/category-tree/action/upload-url', { schema: { params, response: { 200: uploadUrlSchema } } }, async (request) => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'editCategoryTree');
    const uploadUrl = jobUploadUrl(config, { orgKey: org.orgKey, fileName: 'category-tree', purpose: JOB_KINDS.categoryTreeImport, user });
    return { uploadUrl };
  });
}
