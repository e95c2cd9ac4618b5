import { orgUrl, seg } from '../../api/org-path';
import type { UserInput } from '../../domain/schemas/users';
import { isTemporaryKey, SUPPORT_COLLECTIONS, TEMPORARY_KEY } from '../../sync/commands/collection-item';
import { scopeId } from '../../sync/scope';
import { runCommand } from './run-command';

/**
 * Support's administration of an account's user community: rows in the support
 * organisation's scope, each naming its account (`orgId`).
 */
function notYetSaved(): never {
  throw new Error('This user is still being saved; change it once it is');
}

const { user } = SUPPORT_COLLECTIONS;

/** The body carries `orgId` so the optimistic row names its account; the server reads the account from the path. */
export function addUser(supportOrgId: string, orgId: string, fields: UserInput) {
  const scope = scopeId('org', supportOrgId);
  return runCommand({
    kind: `${user.name}.add`,
    scope,
    method: 'POST',
    path: orgUrl('org', orgId, user.path),
    body: { ...fields, orgId },
    touches: [{ table: user.table, scope, key: TEMPORARY_KEY }],
  });
}

export function editUser(supportOrgId: string, orgId: string, userNo: string, fields: UserInput) {
  if (isTemporaryKey(userNo)) notYetSaved();
  const scope = scopeId('org', supportOrgId);
  return runCommand({
    kind: `${user.name}.edit`,
    scope,
    method: 'PUT',
    path: orgUrl('org', orgId, `${user.path}${seg(userNo)}`),
    body: { ...fields, orgId },
    touches: [{ table: user.table, scope, key: userNo }],
  });
}

export function deleteUser(supportOrgId: string, orgId: string, userNo: string) {
  if (isTemporaryKey(userNo)) notYetSaved();
  const scope = scopeId('org', supportOrgId);
  return runCommand({
    kind: `${user.name}.delete`,
    scope,
    method: 'DELETE',
    path: orgUrl('org', orgId, `${user.path}${seg(userNo)}`),
    touches: [{ table: user.table, scope, key: userNo }],
  });
}
