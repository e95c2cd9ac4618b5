import { asnSchema } from '../../domain/schemas/asn';
import type { AsnDraftRow } from '../rows';
import type { CommandDef } from './command';
import { newRow } from './command';

/**
 * Submitting an ASN touches two rows: the local draft (marked `submitting`, so the
 * form locks) and a provisional ASN in the order's ASN list. Accepted: both give way
 * to the server's ASN. Refused: the overlay rolls both back, and the draft gets the
 * server's errors (by form field, as the server names them) so the user can fix them
 * where they are and submit again.
 */
export const submitAsnCommand: CommandDef = {
  kind: 'asn.submit',
  apply(rows, entry) {
    const [draft] = rows as [AsnDraftRow | undefined];
    return [
      draft ? { ...draft, state: 'submitting', errors: undefined, fieldErrors: undefined } : draft,
      newRow(entry.touches[1]!, entry.body as Record<string, unknown>),
    ];
  },
  async onAck(db, entry, answer) {
    const [draft, provisional] = entry.touches;
    await db.asnDrafts.delete([draft!.scope, draft!.key]);
    await db.asns.delete([provisional!.scope, provisional!.key]);
    // The server's ASN as it answered; in another shape, the changes feed brings it instead.
    const asn = asnSchema.safeParse(answer);
    if (asn.success) await db.asns.put({ ...asn.data, scope: provisional!.scope, key: String(asn.data.id), rev: 0 });
  },
  async onFailed(db, entry, errors, fieldErrors) {
    const [draft] = entry.touches;
    await db.asnDrafts.update([draft!.scope, draft!.key], { state: 'draft', errors, fieldErrors });
  },
};
