import { createHash, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import type { IntakeMessagesTable } from '../db/tables/intake';
import type { BlobStore } from '../files/blob-store';
import { enqueueJob } from '../jobs/queue';
import { jobsQueued } from '../jobs/runner';
import type { Tx } from '../sync/change-log';
import { holdAcceptedBytes } from './accepted-bytes';
import { INTAKE_JOB_KINDS, type IntakeSource } from './intake-kinds';

/** One buyer a message is for, with the recipients that matched its receiving patterns. */
export interface MessageBuyer {
  buyerKey: string;
  /** The receiving-email code the recipient matched; null for uploads and cXML. */
  code: string | null;
  recipients: string[];
}

export interface IncomingMessage {
  source: IntakeSource;
  raw: Buffer;
  contentType: string;
  /** Envelope sender (MAIL FROM), the uploader's name or the cXML From identity. */
  sender: string;
  clientIp?: string | null;
  helo?: string | null;
  buyers: MessageBuyer[];
  /** An uploaded file's name. */
  fileName?: string | null;
  /** When it arrived; now unless the demo seed replays older mail. */
  receivedAt?: Date;
  /** Known before parsing: an upload's bytes. A mail's is its Message-ID, set once parsed. */
  dedupeKey?: string | null;
}

export const sha256Key = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** The blob key of a received message: by day, so an operator can find and purge by date. */
export function intakeBlobKey(source: IntakeSource, now = new Date()): string {
  return `intake/${now.toISOString().slice(0, 10)}/${source}-${randomUUID()}`;
}

/** The intake message row, in the caller's transaction (the upload job and cXML add theirs inside their own). */
export async function insertIntakeMessage(
  trx: Tx,
  msg: Omit<IncomingMessage, 'raw' | 'buyers'> & { buyer: MessageBuyer; blobKey: string; size: number },
): Promise<number> {
  const [row] = await insertMessageRow(trx, {
    source: msg.source,
    buyer_key: msg.buyer.buyerKey,
    receiving_code: msg.buyer.code,
    recipients: JSON.stringify(msg.buyer.recipients),
    sender: msg.sender,
    client_ip: msg.clientIp ?? null,
    helo: msg.helo ?? null,
    blob_key: msg.blobKey,
    file_name: msg.fileName ?? null,
    content_type: msg.contentType,
    size: msg.size,
    dedupe_key: msg.dedupeKey ?? null,
    created_at: (msg.receivedAt ?? new Date()).toISOString(),
  });
  return Number(row!.id);
}

// Compiled once (prepared-query.ts): every mail taken in writes one. Each value named (the
// values given are slots, which spread to nothing).
const insertMessageRow = preparedQuery((db, v: Omit<Selectable<IntakeMessagesTable>, 'id' | 'state' | 'error' | 'invoice_ids'>) =>
  db
    .insertInto('intake_messages')
    .values({
      source: v.source,
      buyer_key: v.buyer_key,
      receiving_code: v.receiving_code,
      recipients: v.recipients,
      sender: v.sender,
      client_ip: v.client_ip,
      helo: v.helo,
      blob_key: v.blob_key,
      file_name: v.file_name,
      content_type: v.content_type,
      size: v.size,
      dedupe_key: v.dedupe_key,
      state: 'queued',
      error: null,
      invoice_ids: '[]',
      created_at: v.created_at,
    })
    .returning('id'),
);

/**
 * Takes a message in: its raw bytes go to the blob store first (a parser that fails
 * later loses nothing), then one intake row and one queued job per buyer, committed
 * together. Nothing is parsed here: the SMTP session and the request path only store.
 */
export async function acceptMessage(db: Db, blobs: BlobStore, msg: IncomingMessage): Promise<{ messageIds: number[]; jobIds: number[] }> {
  const blobKey = intakeBlobKey(msg.source, msg.receivedAt);
  await blobs.put(blobKey, msg.raw, msg.contentType);
  const queued = await db.transaction().execute(async (trx) => {
    const messageIds: number[] = [];
    const jobIds: number[] = [];
    for (const buyer of msg.buyers) {
      const id = await insertIntakeMessage(trx, { ...msg, buyer, blobKey, size: msg.raw.length });
      messageIds.push(id);
      jobIds.push(await enqueueJob(trx, { orgKey: buyer.buyerKey, kind: INTAKE_JOB_KINDS.message, payload: { messageId: id } }));
    }
    return { messageIds, jobIds };
  });
  holdAcceptedBytes(blobKey, msg.raw);
  jobsQueued();
  return queued;
}
