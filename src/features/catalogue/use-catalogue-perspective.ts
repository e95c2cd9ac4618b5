import { perspectiveOf } from '../../domain/roles';
import { useActiveSession } from '../../local/session/use-session';
import { scopeId } from '../../local/db/store-keys';

/** Whose catalogue the screen shows: the supplier's own, or a buyer's view of suppliers. */
export type CataloguePerspective = { side: 'seller'; orgId: string; scope: string } | { side: 'buyer'; orgId: string; scope: string };

/** Null for a support user who has not assumed a role. */
export function useCataloguePerspective(): CataloguePerspective | null {
  const { viewer } = useActiveSession();
  const perspective = perspectiveOf(viewer);
  if (perspective === 'SUPPORT') return null;
  const orgId = viewer.renderFor?.orgId ?? viewer.orgId;
  const side = perspective === 'SUPPLIER' ? 'seller' : 'buyer';
  return { side, orgId, scope: scopeId(side, orgId) };
}
