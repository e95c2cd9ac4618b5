import type { Mirror, MirrorContext } from './mirror-kinds';
import { MIRRORED_LISTS } from './mirror-lists';
import { mirrorProductFill } from './mirror-fill';
import { mirrorHistory, mirrorProduct, mirrorProductPage, mirrorProductSearchPage } from './mirror-pages';
import { mirrorCategoryTree, mirrorCounterparts, mirrorPricelistBuyers, mirrorPricePage } from './mirror-preferences';
import { mirrorStandardUnits } from './mirror-standard-units';
import type { FillPosition } from './product-chunks';
import { pullScope } from './pull-changes';

/**
 * Every kind of on-demand mirroring by name, as commands are in commands/registry.ts:
 * the engine runs them (`mirror(kind, ...args)`), the worker API passes them on, and
 * src/local asks for them by name. The declared lists come from mirror-lists.ts; the
 * others are functions of their own.
 */
const MIRRORS = {
  ...MIRRORED_LISTS,
  history: mirrorHistory,
  productPage: mirrorProductPage,
  productFill: (ctx: MirrorContext, scope: string, sellerId: string, from: FillPosition | null) =>
    mirrorProductFill(ctx, scope, sellerId, from, { onFillShown: ctx.onFillShown }),
  productSearchPage: mirrorProductSearchPage,
  product: mirrorProduct,
  pricelistBuyers: mirrorPricelistBuyers,
  pricePage: mirrorPricePage,
  categoryTree: mirrorCategoryTree,
  counterparts: mirrorCounterparts,
  standardUnits: mirrorStandardUnits,
  /**
   * Pulls the changes feed of a scope this session does not follow (support editing an
   * account's settings): from its cursor to now, once. Resolves with the changes applied.
   */
  scope: (ctx: MirrorContext, scope: string) => pullScope({ ...ctx, signal: new AbortController().signal }, scope),
};

export type MirrorKind = keyof typeof MIRRORS;
export type MirrorArgs<K extends MirrorKind> = (typeof MIRRORS)[K] extends (ctx: MirrorContext, ...args: infer A) => unknown ? A : never;
export type MirrorResult<K extends MirrorKind> = Awaited<ReturnType<(typeof MIRRORS)[K]>>;

export function runMirror<K extends MirrorKind>(ctx: MirrorContext, kind: K, ...args: MirrorArgs<K>): Promise<MirrorResult<K>> {
  const mirror = MIRRORS[kind] as unknown as Mirror<MirrorArgs<K>, MirrorResult<K>> | undefined;
  if (!mirror) throw new Error(`Unknown mirror kind: ${String(kind)}`);
  return mirror(ctx, ...args);
}
