import type { FastifyInstance } from 'fastify';
import type { CategoryNode } from '../../src/domain/schemas/catalogue';
import type { AppContext } from '../app-context';
import { jobUploadUrl } from '../catalogue/upload-url';
import { JOB_KINDS } from '../jobs/kinds';
import { requireCapability, requireOrg } from '../policy';

export async function categoryTreeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;

  app.get<{ Params: { buyerId: string } }>('/buyer/:buyerId/category-tree', async (request) => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'viewBuyerSettings');
    const row = await db.selectFrom('category_trees').select('tree').where('buyer_key', '=', org.orgKey).executeTakeFirst();
    return row ? (JSON.parse(row.tree) as CategoryNode[]) : [];
  });

  app.post<{ Params: { buyerId: string } }>('/buyer/:buyerId/category-tree/action/upload-url', async (request) => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'editCategoryTree');
    const uploadUrl = jobUploadUrl(config, { orgKey: org.orgKey, fileName: 'category-tree', purpose: JOB_KINDS.categoryTreeImport, user });
    return { uploadUrl };
  });
}
