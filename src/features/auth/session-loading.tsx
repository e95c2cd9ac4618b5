import { Logo } from '../../ui/logo/Logo';
import { Loading } from './session-loading.styles';

/** Shown while the app asks the server who is signed in, and while sign-out deletes the local data. */
export function SessionLoading() {
  return (
    <Loading role="status">
      <Logo size={48} />
      <span>Loading…</span>
    </Loading>
  );
}
