import { writeHistory } from '../../history';
import { recordChange } from '../../sync/change-log';
import type { JobContext } from '../job-context';
import { runJobTask } from '../job-limits';
import type { JobRow } from '../queue';
import { jobUser, uploadedFile } from './load-upload';

/** Replaces the buyer's category tree with the uploaded one (JSON nodes or CSV rows). */
export async function importCategoryTree(ctx: JobContext, job: JobRow): Promise<unknown> {
  const buyerKey = job.orgKey;
  const { tree, categories: nodes } = await runJobTask(ctx, 'read-category-tree', { bytes: await uploadedFile(ctx, job) });
  return ctx.db.transaction().execute(async (trx) => {
    const rev = await recordChange(trx, { entity: 'categoryTree', key: buyerKey, op: 'upsert', scopes: [{ kind: 'buyer', orgKey: buyerKey }] });
    const now = new Date().toISOString();
    const values = { tree: JSON.stringify(tree), updated_at: now, rev };
    await trx
      .insertInto('category_trees')
      .values({ buyer_key: buyerKey, ...values })
      .onConflict((oc) => oc.column('buyer_key').doUpdateSet(values))
      .execute();
    await writeHistory(trx, jobUser(job), {
      orgKey: buyerKey,
      entity: 'categoryTree',
      entityKey: buyerKey,
      type: 'CATEGORY_TREE_IMPORTED',
      action: 'Category tree imported',
      description: `${nodes} categories`,
    });
    return { categories: nodes, errors: [] };
  });
}
