import { lazy, Suspense } from 'react';
import { CatalogueScreen } from '../features/catalogue/catalogue-screen';

// Only support without an assumed role sees the accounts list: its code loads then, not for every catalogue.
const AssumeRolePicker = lazy(() => import('../features/accounts/assume-role-picker').then((m) => ({ default: m.AssumeRolePicker })));

/** The catalogue with the accounts list support assumes a role from; the route composes them, as features do not import each other. */
export function CataloguePage() {
  return (
    <CatalogueScreen
      accountsPicker={
        <Suspense fallback={<p role="status">Loading accounts…</p>}>
          <AssumeRolePicker />
        </Suspense>
      }
    />
  );
}
