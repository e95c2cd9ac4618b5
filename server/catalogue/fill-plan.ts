import type { FillPlan } from '../../src/domain/schemas/product-fill';
import type { Tx } from '../sync/change-log';

/**
 * How a seller's catalogue splits into fill chunks of `size` products: the first code
 * of every chunk but the first. The browser then asks for every chunk at once instead
 * of following a cursor page after page. A product written after the plan lands in the
 * chunk whose range holds its code (a chunk then holds a few more than `size`).
 */
export async function fillPlan(db: Tx, sellerKey: string, size: number): Promise<FillPlan> {
  const codes = await db
    .selectFrom('products')
    .select('product_code')
    .where('seller_key', '=', sellerKey)
    .where('deleted', '=', 0)
    .orderBy('product_code')
    .execute();
  const bounds: string[] = [];
  for (let i = size; i < codes.length; i += size) bounds.push(codes[i]!.product_code);
  return { size, count: codes.length, bounds };
}
