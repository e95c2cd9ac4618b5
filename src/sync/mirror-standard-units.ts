import { fetchStandardUnits } from '../api/mirror-calls';
import type { MirrorContext } from './mirror-kinds';

/** Where the store keeps the server's standard units (GET /uom). */
export const STANDARD_UNITS_META_KEY = 'standardUnits';

/**
 * The standard units of measure, as the server lists them, kept so the UOM Mapping tab
 * opens offline once they were seen. They are one list for everyone, with no revision
 * in the changes feed, so they are fetched whole each time the tab opens online and the
 * held copy is kept when the fetch fails.
 */
export async function mirrorStandardUnits(ctx: MirrorContext): Promise<void> {
  const units = await fetchStandardUnits({ fetch: ctx.fetch });
  await ctx.db.meta.put({ key: STANDARD_UNITS_META_KEY, value: units });
}
