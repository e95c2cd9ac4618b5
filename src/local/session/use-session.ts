import { use } from 'react';
import { viewerOf } from '../../domain/viewer';
import type { RenderFor, Viewer } from '../../domain/roles';
import type { Profile } from '../../domain/schemas/session';
import { SessionContext, type SessionContextValue } from './session-context';

export function useSession(): SessionContextValue {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
}

export interface ActiveSession {
  profile: Profile;
  viewer: Viewer;
  /** The assumed organisation of a support user; always null for others. */
  renderFor: RenderFor | null;
  /** The company being viewed: the assumed one, else the user's own. */
  companyName: string;
  offline: boolean;
}

/** For screens inside the shell, which only render once a session is active. */
export function useActiveSession(): ActiveSession {
  const { state, renderFor } = useSession();
  if (state.status !== 'active') throw new Error('useActiveSession needs an active session');
  const viewer = viewerOf(state.profile.policy, renderFor);
  return {
    profile: state.profile,
    viewer,
    renderFor: viewer.renderFor ?? null,
    companyName: viewer.renderFor?.companyName ?? state.profile.orgName,
    offline: state.offline,
  };
}
