import type { OrderSummary } from '../../domain/schemas/orders';
import { perspectiveOf, type Viewer } from '../../domain/roles';
import { useActiveSession } from '../../local/session/use-session';
import { scopeId } from '../../local/db/store-keys';

export interface OrderPerspective {
  side: 'seller' | 'buyer';
  /** The organisation whose orders are shown: the assumed one of a support user, else the own. */
  orgId: string;
  scope: string;
  viewer: Viewer;
  /** Suppliers see who bought; buyers see who sells. */
  counterpartLabel: 'Customer' | 'Supplier';
}

/** Null for a support user who has not assumed a role: orders only exist from one side or the other. */
export function useOrderPerspective(): OrderPerspective | null {
  const { viewer } = useActiveSession();
  const perspective = perspectiveOf(viewer);
  if (perspective === 'SUPPORT') return null;
  const orgId = viewer.renderFor?.orgId ?? viewer.orgId;
  const side = perspective === 'SUPPLIER' ? 'seller' : 'buyer';
  return { side, orgId, scope: scopeId(side, orgId), viewer, counterpartLabel: side === 'seller' ? 'Customer' : 'Supplier' };
}

/** The other party's name on an order row, as the perspective names it. */
export function counterpartName(side: 'seller' | 'buyer', order: Pick<OrderSummary, 'buyerName' | 'sellerName'>): string {
  return side === 'seller' ? order.buyerName : order.sellerName;
}
