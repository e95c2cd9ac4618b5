import { perspectiveOf, type Viewer } from '../../domain/roles';
import { useActiveSession } from '../../local/session/use-session';
import { scopeId } from '../../local/db/store-keys';

export interface InvoiceBuyer {
  /** The buyer whose invoices are shown: the assumed one of a support user, else the own organisation. */
  orgId: string;
  scope: string;
  viewer: Viewer;
}

/** Null for a support user who has not assumed a buyer: invoices belong to one buyer. */
export function useInvoiceBuyer(): InvoiceBuyer | null {
  const { viewer } = useActiveSession();
  if (perspectiveOf(viewer) !== 'UNIVERSITY') return null;
  const orgId = viewer.renderFor?.orgId ?? viewer.orgId;
  return { orgId, scope: scopeId('buyer', orgId), viewer };
}
