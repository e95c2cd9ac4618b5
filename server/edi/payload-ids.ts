import type { Tx } from '../sync/change-log';
import { newPayloadId } from './cxml';

export type PayloadEntity = 'order' | 'asn' | 'invoice';

/**
 * The payloadID of an entity's cXML document: the stored one, or a new one stored now.
 * Two exports racing on one entity agree, since the insert of the loser does nothing.
 */
export async function payloadIdFor(trx: Tx, entity: PayloadEntity, key: string | number, now = new Date()): Promise<string> {
  const stored = await storedPayloadId(trx, entity, key);
  if (stored) return stored;
  await trx
    .insertInto('edi_payloads')
    .values({ entity, entity_key: String(key), payload_id: newPayloadId(now), created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['entity', 'entity_key']).doNothing())
    .execute();
  return (await storedPayloadId(trx, entity, key))!;
}

/** The stored payloadID of an entity's document, if the portal ever wrote one. */
export async function storedPayloadId(trx: Tx, entity: PayloadEntity, key: string | number): Promise<string | null> {
  const row = await trx.selectFrom('edi_payloads').select('payload_id').where('entity', '=', entity).where('entity_key', '=', String(key)).executeTakeFirst();
  return row?.payload_id ?? null;
}
