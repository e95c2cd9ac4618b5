import { perspectiveOf, type Perspective, type Viewer } from '../../domain/roles';
import { useActiveSession } from './use-session';

export interface ViewedOrg {
  /** SUPPORT for a support user who has not assumed an organisation. */
  perspective: Perspective;
  /** The organisation the screen is about: the assumed one of a support user, else the own. */
  orgId: string;
  /** The signed-in user's own organisation (e.g. the scope of the accounts it may pick from). */
  ownOrgId: string;
  viewer: Viewer;
}

export function useViewedOrg(): ViewedOrg {
  const { viewer } = useActiveSession();
  return { perspective: perspectiveOf(viewer), orgId: viewer.renderFor?.orgId ?? viewer.orgId, ownOrgId: viewer.orgId, viewer };
}
