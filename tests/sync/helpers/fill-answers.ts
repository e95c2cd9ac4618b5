import type { ProductWrapper } from '../../../src/domain/schemas/catalogue';
import { encodeFillChunk, FILL_CHUNK_DEFAULT, fillRowJson, type FillChunkParts, type FillPlan } from '../../../src/domain/schemas/product-fill';

/**
 * The fill calls as the server answers them, over a list of wrappers: `GET
 * .../products/fill?size=N` (the plan) and `GET .../products/fill/chunk?from&to` (a
 * compact chunk, written with the codec the server uses: no discrepancy tables, as the
 * server sends none). Undefined for other URLs.
 */
export function fillAnswer(url: URL, wrappers: readonly ProductWrapper[]): FillPlan | unknown {
  const sorted = [...wrappers].sort((a, b) => (a.product.productCode < b.product.productCode ? -1 : 1));
  if (url.pathname.endsWith('/products/fill')) {
    const size = Number(url.searchParams.get('size') ?? FILL_CHUNK_DEFAULT);
    const bounds = sorted.filter((_, i) => i > 0 && i % size === 0).map((w) => w.product.productCode);
    return { size, count: sorted.length, bounds };
  }
  if (!url.pathname.endsWith('/products/fill/chunk')) return undefined;
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  const inRange = sorted.filter((w) => (from === null || w.product.productCode >= from) && (to === null || w.product.productCode < to));
  const crumbs: string[] = [];
  const parts: FillChunkParts = { uomMapping: inRange[0]?.uomMapping ?? {}, crumbs: [], rows: [], metas: [] };
  inRange.forEach((w, row) => {
    const crumb = JSON.stringify(w.productCategoryDescription);
    if (!crumbs.includes(crumb)) crumbs.push(crumb);
    parts.rows.push({ json: fillRowJson(w.product, w.prices), crumb: crumbs.indexOf(crumb) });
    if (w.meta) parts.metas.push({ row, meta: w.meta });
  });
  parts.crumbs = crumbs.map((c) => JSON.parse(c) as FillChunkParts['crumbs'][number]);
  return JSON.parse(encodeFillChunk(parts));
}
