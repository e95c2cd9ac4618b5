import { useCallback } from 'react';
import { renderForAccount } from '../../domain/rules/accounts';
import { useSession } from '../../local/session/use-session';
import type { AccountRow } from '../../local/hooks/use-accounts';

/** Assume role: the shell switches the menu and every view once the session holds it ('Identity assumed.'). */
export function useAssumeRole(): (account: AccountRow) => void {
  const { assumeIdentity } = useSession();
  return useCallback(
    (account: AccountRow) => assumeIdentity(renderForAccount({ uniqueKey: account.key, name: String(account.name ?? ''), type: Number(account.type) })),
    [assumeIdentity],
  );
}
