import { AuthLayout } from './auth-layout';
import { Loading } from './session-loading.styles';

/**
 * Shown while the app asks the server who is signed in, and while sign-out deletes the
 * local data. The build writes it into index.html (src/app/boot-frame.tsx), so it is
 * also what the browser paints before the scripts arrive.
 */
export function SessionLoading() {
  return (
    <AuthLayout>
      <Loading role="status">Loading…</Loading>
    </AuthLayout>
  );
}
