import { useEffect, useState } from 'react';
import { loadPasswordPolicy, type PasswordPolicy } from './load-password-policy';

/** The password rules once their chunk has loaded; null until then. */
export function usePasswordPolicy(): PasswordPolicy | null {
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordPolicy().then(
      (loaded) => {
        if (live) setPolicy(loaded);
      },
      () => {
        // Without the chunk (offline, never loaded) the bar stays empty; submitting retries the load.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return policy;
}
