import type { CategoryNode } from '../../../src/domain/schemas/catalogue';
import { readCategoryTreeFile } from '../../jobs/catalogue/category-tree-file';

export interface ReadCategoryTreeInput {
  /** The uploaded file: JSON nodes or CSV rows `code,description,parentCode`. */
  bytes: Uint8Array;
}

export interface ReadCategoryTreeOutput {
  tree: CategoryNode[];
  categories: number;
}

/** A buyer's uploaded category tree, parsed and checked against CATEGORY_TREE_LIMITS. */
export async function readCategoryTree(input: ReadCategoryTreeInput): Promise<ReadCategoryTreeOutput> {
  return readCategoryTreeFile(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength));
}
