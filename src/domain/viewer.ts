import type { RenderFor, Viewer } from './roles';
import type { Policy } from './schemas/session';

/** The viewer the capability table judges: an assumed organisation only counts for support users. */
export function viewerOf(policy: Policy, renderFor: RenderFor | null): Viewer {
  return {
    userType: policy.userType,
    orgType: policy.orgType,
    orgId: policy.orgId,
    renderFor: policy.userType === 'SUPPORT' ? renderFor : null,
  };
}
