import { createContext } from 'react';
import type { RenderFor } from '../../domain/roles';
import type { SessionState } from './session-state';

export interface SessionContextValue {
  state: SessionState;
  renderFor: RenderFor | null;
  /** Asks the server again, e.g. after signing in. */
  reload(): Promise<void>;
  /** Accepts the pending terms of use; rejects with the API's error. */
  acceptTerms(): Promise<void>;
  signOut(): Promise<void>;
  /** Lets a support user view the portal as another organisation; `null` stops it. */
  assumeIdentity(renderFor: RenderFor | null): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);
