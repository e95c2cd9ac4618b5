import { orgUrl, seg } from '../../api/org-path';
import type { AsnDraftRow } from '../../sync/rows';
import { scopeId } from '../../sync/scope';
import { withStore } from '../../sync/storage-errors';
import { localDatabase } from '../db/current-database';
import { outboxWrites } from '../outbox/outbox-code';
import { runCommand } from './run-command';

/**
 * ASNs are written as drafts kept only in this browser (they survive reloads and
 * offline spells), then submitted once. A draft being submitted is locked; a refused
 * submit turns it back into a draft carrying the server's errors.
 */
export class DraftLockedError extends Error {
  override readonly name = 'DraftLockedError';
  constructor() {
    super('This ASN is being submitted and can no longer be edited');
  }
}

export async function saveAsnDraft(sellerId: string, orderId: string, draftId: string, asn: Record<string, unknown>): Promise<void> {
  const db = localDatabase();
  const scope = scopeId('seller', sellerId);
  await withStore(db, () =>
    db.transaction('rw', db.asnDrafts, async () => {
      const existing = await db.asnDrafts.get([scope, draftId]);
      if (existing?.state === 'submitting') throw new DraftLockedError();
      // A refused submit's errors stay with the draft until it is submitted again.
      const draft: AsnDraftRow = {
        scope,
        key: draftId,
        rev: 0,
        orderId,
        state: 'draft',
        errors: existing?.errors,
        fieldErrors: existing?.fieldErrors,
        asn,
        updatedAt: new Date().toISOString(),
      };
      await db.asnDrafts.put(draft);
    }),
  );
}

/**
 * A refused submit stays in the outbox for "changes not sent", but the draft it came
 * from supersedes it: submitting the draft again or discarding it drops the old entry,
 * so a retry there can never send a stale copy.
 */
async function dropRefusedSubmits(scope: string, draftId: string): Promise<void> {
  const db = localDatabase();
  const { discardEntry } = await outboxWrites();
  const refused = await db.outbox
    .where('state')
    .equals('failed')
    .filter((e) => e.kind === 'asn.submit' && e.touches[0]?.scope === scope && e.touches[0]?.key === draftId)
    .toArray();
  for (const entry of refused) await discardEntry(db, entry.id);
}

export async function deleteAsnDraft(sellerId: string, draftId: string): Promise<void> {
  const db = localDatabase();
  const scope = scopeId('seller', sellerId);
  await withStore(db, async () => {
    await dropRefusedSubmits(scope, draftId);
    await db.asnDrafts.delete([scope, draftId]);
  });
}

/** Submits the draft as it is stored; validate it first with the domain's ASN rules. */
export async function submitAsn(sellerId: string, buyerId: string, draftId: string) {
  const db = localDatabase();
  const scope = scopeId('seller', sellerId);
  const draft = await db.asnDrafts.get([scope, draftId]);
  if (!draft) throw new Error('No such ASN draft');
  if (draft.state === 'submitting') throw new DraftLockedError();
  await withStore(db, () => dropRefusedSubmits(scope, draftId));
  return runCommand({
    kind: 'asn.submit',
    scope,
    method: 'POST',
    path: orgUrl('seller', sellerId, `/buyer${seg(buyerId)}/asn`),
    body: draft.asn,
    touches: [
      { table: 'asnDrafts', scope, key: draftId },
      { table: 'asns', scope, key: `draft:${draftId}` },
    ],
  });
}
