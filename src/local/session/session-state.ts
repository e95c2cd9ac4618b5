import type { Policy, Profile } from '../../domain/schemas/session';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  /** Sign-out (here or in another tab) is deleting the local data; the page reloads after. */
  | { status: 'signingOut' }
  | { status: 'termsPending'; policy: Policy }
  /** `offline`: the profile came from the browser because the server could not be reached. */
  | { status: 'active'; profile: Profile; offline: boolean };
