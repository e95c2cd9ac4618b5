import { apiUrl } from '../../api/endpoint';
import { seg } from '../../api/org-path';
import { newAccountUniqueKey } from '../../domain/rules/account-unique-key';
import type { AccountInput } from '../../domain/schemas/accounts';
import { isTemporaryKey, SUPPORT_COLLECTIONS } from '../../sync/commands/collection-item';
import { scopeId } from '../../sync/scope';
import { runCommand } from './run-command';

/**
 * Support's administration of accounts. The rows live in
 * the support organisation's scope (`org:SUPPORT_ID`), which the changes feed keeps
 * fresh for every support user.
 */
function notYetSaved(): never {
  throw new Error('This account is still being saved; change it once it is');
}

const { account } = SUPPORT_COLLECTIONS;

/**
 * A new account under the key the browser makes for it (the server takes it): its
 * properties, EDI settings and UOM mapping can be queued at once under `/org/{key}`,
 * and the outbox sends them after the account's create.
 */
export function addAccount(supportOrgId: string, fields: AccountInput) {
  const scope = scopeId('org', supportOrgId);
  const uniqueKey = newAccountUniqueKey((count) => crypto.getRandomValues(new Uint8Array(count)));
  return runCommand({
    kind: `${account.name}.add`,
    scope,
    method: 'POST',
    path: apiUrl(account.path),
    body: { ...fields, uniqueKey },
    touches: [{ table: account.table, scope, key: uniqueKey }],
  });
}

export function editAccount(supportOrgId: string, uniqueKey: string, fields: AccountInput) {
  if (isTemporaryKey(uniqueKey)) notYetSaved();
  const scope = scopeId('org', supportOrgId);
  return runCommand({
    kind: `${account.name}.edit`,
    scope,
    method: 'PUT',
    path: apiUrl(`${account.path}${seg(uniqueKey)}`),
    body: fields,
    touches: [{ table: account.table, scope, key: uniqueKey }],
  });
}

export function deleteAccount(supportOrgId: string, uniqueKey: string) {
  if (isTemporaryKey(uniqueKey)) notYetSaved();
  const scope = scopeId('org', supportOrgId);
  return runCommand({
    kind: `${account.name}.delete`,
    scope,
    method: 'DELETE',
    path: apiUrl(`${account.path}${seg(uniqueKey)}`),
    touches: [{ table: account.table, scope, key: uniqueKey }],
  });
}
