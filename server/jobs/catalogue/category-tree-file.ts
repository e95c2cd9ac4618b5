import { CATEGORY_TREE_LIMITS } from '../../../src/domain/constants';
import { categoryTreeSchema, type CategoryNode } from '../../../src/domain/schemas/catalogue';
import { jsonNesting } from '../../http/json-nesting';
import { readCsvRows } from '../../sandbox/readers/csv-rows';
import { JobFailure } from '../job-context';
import { col, RowErrors, tableRecords } from './csv';

const { maxDepth, maxNodes, maxBytes } = CATEGORY_TREE_LIMITS;
const tooDeep = `The category tree is deeper than ${maxDepth} levels`;
const tooLarge = `The category tree has more than ${maxNodes} categories`;

function fromJson(text: string): CategoryNode[] {
  // Two brackets a level (an object in a children array), plus the outer list, {tree: ...} and the last empty children.
  if (jsonNesting(text) > 2 * maxDepth + 3) throw new JobFailure('The category tree was rejected', { errors: [tooDeep] });
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
async function fromCsv(bytes: Buffer): Promise<CategoryNode[]> {
  const records = await tableRecords(readCsvRows(bytes), ['code', 'description', 'parentCode']);
  const errors = new RowErrors();
  if (records.length > maxNodes) throw new JobFailure('The category tree was rejected', { errors: [tooLarge] });
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
  // Each node's depth, remembered, so every chain is walked once: linear in the rows.
  // A chain that meets itself is a cycle; one that never ends at a root has no depth.
  const depth = new Map<string, number>();
  for (const start of nodes.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let cur = start;
    let base = 0;
    while (!depth.has(cur)) {
      if (onPath.has(cur)) {
        errors.add(nodes.get(cur)!.line, `The parents of ${cur} form a cycle`);
        base = Number.POSITIVE_INFINITY;
        break;
      }
      path.push(cur);
      onPath.add(cur);
      const parent = nodes.get(cur)!.parent;
      if (!parent || !nodes.has(parent)) break;
      cur = parent;
    }
    if (depth.has(cur)) base = depth.get(cur)!;
    for (let i = path.length - 1; i >= 0; i--) {
      base = base + 1;
      depth.set(path[i]!, base);
      if (base === maxDepth + 1) errors.add(nodes.get(path[i]!)!.line, tooDeep);
    }
  }
  if (records.length === 0) errors.errors.push('The file holds no categories');
  errors.throwIfAny('The category tree was rejected', records.length);
  return roots;
}

/** Counts the nodes and finds repeated codes and too deep a tree, with a stack instead of recursion. */
function checkTree(tree: CategoryNode[]): number {
  const seen = new Set<string>();
  const dup = new Set<string>();
  const stack: Array<{ node: CategoryNode; level: number }> = tree.map((node) => ({ node, level: 1 }));
  let count = 0;
  while (stack.length) {
    const { node, level } = stack.pop()!;
    if (++count > maxNodes) throw new JobFailure('The category tree was rejected', { errors: [tooLarge] });
    if (level > maxDepth) throw new JobFailure('The category tree was rejected', { errors: [tooDeep] });
    if (seen.has(node.code)) dup.add(node.code);
    seen.add(node.code);
    for (const child of node.children) stack.push({ node: child, level: level + 1 });
  }
  if (dup.size) throw new JobFailure('The category tree was rejected', { errors: [...dup].slice(0, 200).map((c) => `Duplicate code ${c}`) });
  return count;
}

/**
 * An uploaded category tree, JSON nodes or CSV rows, parsed and checked whole: size,
 * depth, node count, repeated codes, unknown parents and cycles. Runs in the sandbox
 * (task read-category-tree); its refusals carry the row errors.
 */
export async function readCategoryTreeFile(bytes: Buffer): Promise<{ tree: CategoryNode[]; categories: number }> {
  if (bytes.length > maxBytes) throw new JobFailure(`The file is larger than ${maxBytes / 1024 / 1024} MiB`, { errors: [] });
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const tree = /^\s*[[{]/.test(text) ? fromJson(text) : await fromCsv(bytes);
  return { tree, categories: checkTree(tree) };
}
