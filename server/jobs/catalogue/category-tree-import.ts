import { categoryTreeSchema, type CategoryNode } from '../../../src/domain/schemas/catalogue';
import { writeHistory } from '../../history';
import { recordChange } from '../../sync/change-log';
import { JobFailure, type JobContext } from '../job-context';
import type { JobRow } from '../queue';
import { col, readCsv, RowErrors } from './csv';
import { jobUser, uploadedFile } from './load-upload';

function fromJson(text: string): CategoryNode[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new JobFailure(`The file is not valid JSON: ${(error as Error).message}`, { errors: [] });
  }
  const list = Array.isArray(data) ? data : (data as { tree?: unknown } | null)?.tree;
  const parsed = categoryTreeSchema.safeParse(list);
  if (!parsed.success) {
    const errors = parsed.error.issues.slice(0, 200).map((i) => `${i.path.join('.') || 'tree'}: ${i.message}`);
    throw new JobFailure('The category tree was rejected', { errors });
  }
  return parsed.data;
}

/** CSV: one node a row, `code,description,parentCode` (empty parent: a top-level node). */
function fromCsv(bytes: Buffer): CategoryNode[] {
  const records = readCsv(bytes, ['code', 'description', 'parentCode']);
  const errors = new RowErrors();
  const nodes = new Map<string, { node: CategoryNode; parent: string; line: number }>();
  for (const r of records) {
    const code = errors.text(r.line, 'code', col(r, 'code'));
    if (!code) continue;
    if (nodes.has(code)) errors.add(r.line, `Duplicate code ${code}`);
    nodes.set(code, { node: { code, description: col(r, 'description'), children: [] }, parent: col(r, 'parentCode'), line: r.line });
  }
  const roots: CategoryNode[] = [];
  for (const { node, parent, line } of nodes.values()) {
    if (!parent) roots.push(node);
    else if (!nodes.has(parent)) errors.add(line, `Unknown parentCode ${parent}`);
    else nodes.get(parent)!.node.children.push(node);
  }
  // A node whose parents lead back to itself never reaches a root.
  for (const { node, line } of nodes.values()) {
    const seen = new Set<string>();
    let cur: string = node.code;
    while (cur && !seen.has(cur)) {
      seen.add(cur);
      cur = nodes.get(cur)?.parent ?? '';
    }
    if (cur) errors.add(line, `The parents of ${node.code} form a cycle`);
  }
  if (records.length === 0) errors.errors.push('The file holds no categories');
  errors.throwIfAny('The category tree was rejected', records.length);
  return roots;
}

function countNodes(tree: CategoryNode[]): number {
  return tree.reduce((n, node) => n + 1 + countNodes(node.children), 0);
}

function duplicateCodes(tree: CategoryNode[], seen = new Set<string>(), dup = new Set<string>()): Set<string> {
  for (const node of tree) {
    if (seen.has(node.code)) dup.add(node.code);
    seen.add(node.code);
    duplicateCodes(node.children, seen, dup);
  }
  return dup;
}

/** Replaces the buyer's category tree with the uploaded one (JSON nodes or CSV rows). */
export async function importCategoryTree(ctx: JobContext, job: JobRow): Promise<unknown> {
  const buyerKey = job.orgKey;
  const bytes = await uploadedFile(ctx, job);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const tree = /^\s*[[{]/.test(text) ? fromJson(text) : fromCsv(bytes);
  const dup = duplicateCodes(tree);
  if (dup.size) throw new JobFailure('The category tree was rejected', { errors: [...dup].map((c) => `Duplicate code ${c}`) });
  return ctx.db.transaction().execute(async (trx) => {
    const rev = await recordChange(trx, { entity: 'categoryTree', key: buyerKey, op: 'upsert', scopes: [{ kind: 'buyer', orgKey: buyerKey }] });
    const now = new Date().toISOString();
    const values = { tree: JSON.stringify(tree), updated_at: now, rev };
    await trx
      .insertInto('category_trees')
      .values({ buyer_key: buyerKey, ...values })
      .onConflict((oc) => oc.column('buyer_key').doUpdateSet(values))
      .execute();
    const nodes = countNodes(tree);
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
