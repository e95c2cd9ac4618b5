import { useRouter } from '@tanstack/react-router';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The path of the screen shown, kept current through the router's events. Read through
 * `useRouter`, not `useRouterState`: that hook, used outside the start's chunks, splits the
 * router's state hooks into a chunk of their own the sign-in page then loads
 * (tests/e2e/sign-in-weight.test.ts).
 */
export function useCurrentPath(): string {
  const router = useRouter();
  const subscribe = useCallback(
    (changed: () => void) => {
      const stops = [router.subscribe('onLoad', changed), router.subscribe('onResolved', changed)];
      return () => stops.forEach((stop) => stop());
    },
    [router],
  );
  return useSyncExternalStore(subscribe, () => router.state.location.pathname);
}
