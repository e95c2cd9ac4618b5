import { orgUrl, seg } from '../../api/org-path';
import { IDEMPOTENCY_HEADER, request } from '../../api/request';
import { ediExportSettingSchema } from '../../domain/schemas/properties';
import { applyRows } from '../../sync/apply-rows';
import { COLLECTIONS } from '../../sync/commands/collection-item';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';

/**
 * An EDI setting that brings a new password is sent at once, online only, and never
 * queued: an outbox entry sits in IndexedDB until it is sent (across reloads, and in
 * whichever tab leads the sync), and a secret must never be stored in the browser. The
 * card offers a new password only while online with nothing of the account still
 * queued, so this request cannot overtake an earlier change. Settings without a new
 * password (a cleared one included) stay outbox commands. The answer (which only says
 * whether a password is set) replaces the held row.
 */
export async function saveEdiExportWithPassword(orgId: string, key: string | null, setting: Record<string, unknown>): Promise<void> {
  const { path, table } = COLLECTIONS.ediExport;
  const answer = await request(key === null ? 'POST' : 'PUT', orgUrl('org', orgId, key === null ? path : `${path}${seg(key)}`), {
    schema: ediExportSettingSchema,
    json: setting,
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });
  const db = localDatabase();
  const scope = scopeId('org', orgId);
  const rowKey = String(answer.id);
  // The answer carries no revision; keeping the held one lets the changes feed's newer row win.
  const rev = (await db.ediExports.get([scope, rowKey]))?.rev ?? 0;
  await applyRows(db, [{ table, scope, key: rowKey, rev, row: answer }], 'replace');
}
