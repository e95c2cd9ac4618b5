import { orgUrl, seg } from '../../api/org-path';
import { COLLECTIONS, isTemporaryKey, TEMPORARY_KEY, type CollectionName } from '../../sync/commands/collection-item';
import { scopeId } from '../../sync/scope';
import { runCommand } from './run-command';

/**
 * Add, edit and delete of the account drawer's lists: basic properties, receiving
 * emails, sender sources and EDI export settings. Rows are mirrored under `org:ID`.
 */
function notYetSaved(key: string): never {
  throw new Error(`This ${key} is still being saved; edit it once it is`);
}

function addOrgItem(collection: CollectionName, orgId: string, fields: Record<string, unknown>) {
  const spec = COLLECTIONS[collection];
  const scope = scopeId('org', orgId);
  return runCommand({
    kind: `${spec.name}.add`,
    scope,
    method: 'POST',
    path: orgUrl('org', orgId, spec.path),
    body: fields,
    touches: [{ table: spec.table, scope, key: TEMPORARY_KEY }],
  });
}

function editOrgItem(collection: CollectionName, orgId: string, key: string, fields: Record<string, unknown>) {
  if (isTemporaryKey(key)) notYetSaved(collection);
  const spec = COLLECTIONS[collection];
  const scope = scopeId('org', orgId);
  return runCommand({
    kind: `${spec.name}.edit`,
    scope,
    method: 'PUT',
    path: orgUrl('org', orgId, `${spec.path}${seg(key)}`),
    body: fields,
    touches: [{ table: spec.table, scope, key }],
  });
}

function deleteOrgItem(collection: CollectionName, orgId: string, key: string) {
  if (isTemporaryKey(key)) notYetSaved(collection);
  const spec = COLLECTIONS[collection];
  const scope = scopeId('org', orgId);
  return runCommand({
    kind: `${spec.name}.delete`,
    scope,
    method: 'DELETE',
    path: orgUrl('org', orgId, `${spec.path}${seg(key)}`),
    touches: [{ table: spec.table, scope, key }],
  });
}

/** Basic properties: name and value. */
export const addProperty = (orgId: string, property: string, value: string) => addOrgItem('property', orgId, { property, value });
export const editProperty = (orgId: string, propNo: string, property: string, value: string) =>
  editOrgItem('property', orgId, propNo, { property, value });
export const deleteProperty = (orgId: string, propNo: string) => deleteOrgItem('property', orgId, propNo);

/** Receiving Email: a code and an email address or pattern. */
export const addReceivingEmail = (orgId: string, code: string, emailAddress: string) =>
  addOrgItem('receivingEmail', orgId, { code, emailAddress });
export const editReceivingEmail = (orgId: string, id: string, code: string, emailAddress: string) =>
  editOrgItem('receivingEmail', orgId, id, { code, emailAddress });
export const deleteReceivingEmail = (orgId: string, id: string) => deleteOrgItem('receivingEmail', orgId, id);

/** Sender Source: an identifier. */
export const addSenderSource = (orgId: string, identifier: string) => addOrgItem('senderSource', orgId, { identifier });
export const editSenderSource = (orgId: string, id: string, identifier: string) => editOrgItem('senderSource', orgId, id, { identifier });
export const deleteSenderSource = (orgId: string, id: string) => deleteOrgItem('senderSource', orgId, id);

/** EDI export settings, one per doc type (inv, po, asn). */
export const addEdiExport = (orgId: string, setting: Record<string, unknown>) => addOrgItem('ediExport', orgId, setting);
export const editEdiExport = (orgId: string, id: string, setting: Record<string, unknown>) => editOrgItem('ediExport', orgId, id, setting);
export const deleteEdiExport = (orgId: string, id: string) => deleteOrgItem('ediExport', orgId, id);
