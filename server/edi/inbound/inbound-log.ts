import { sql } from 'kysely';
import type { CxmlInboundEntry } from '../../../src/domain/schemas/cxml-credential';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import type { Tx } from '../../sync/change-log';

/**
 * The log of inbound cXML requests: every request, applied or refused, with its answer.
 * An applied request's row carries its replay key (sender and payloadID), unique, so the
 * same document again is answered from here and two copies racing apply once.
 */

export interface InboundLogEntry {
  receivedAt: string;
  source: string;
  payloadId: string;
  requestType: string;
  fromOrgKey: string | null;
  toOrgKey: string | null;
  httpStatus: number;
  statusCode: number;
  statusText: string;
  answer: string;
}

/** Refusals one source may earn in a window before it is answered 429 without being read. */
const REFUSALS_PER_WINDOW = 60;
const REFUSAL_WINDOW_MS = 60_000;

/** cXML payloadIDs are short; a longer one is cut for the log rather than refused a second time. */
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function row(entry: InboundLogEntry, replayKey: string | null) {
  return {
    received_at: entry.receivedAt,
    source: clip(entry.source, 100),
    payload_id: clip(entry.payloadId, 250),
    request_type: clip(entry.requestType, 64),
    from_org_key: entry.fromOrgKey,
    to_org_key: entry.toOrgKey,
    http_status: entry.httpStatus,
    status_code: entry.statusCode,
    status_text: clip(entry.statusText, 2000),
    answer: entry.answer,
    replay_key: replayKey,
  };
}

export async function logInbound(db: Db | Tx, entry: InboundLogEntry): Promise<void> {
  await db.insertInto('cxml_inbound').values(row(entry, null)).execute();
}

export const replayKeyOf = (senderOrgKey: string, payloadId: string) => `${senderOrgKey}/${payloadId}`;

// Compiled once per kind of database (db/prepared-query.ts): every applied request runs it.
const insertClaim = preparedQuery((db, v: ReturnType<typeof row>) =>
  db
    .insertInto('cxml_inbound')
    .values({
      received_at: v.received_at,
      source: v.source,
      payload_id: v.payload_id,
      request_type: v.request_type,
      from_org_key: v.from_org_key,
      to_org_key: v.to_org_key,
      http_status: v.http_status,
      status_code: v.status_code,
      status_text: v.status_text,
      answer: v.answer,
      replay_key: v.replay_key,
    })
    .onConflict((oc) => oc.column('replay_key').doNothing())
    .returning('id'),
);

/**
 * Claims a replay key inside the applying transaction. Under PostgreSQL a second copy's
 * insert waits for the first's commit and then does nothing: false, answer from the log.
 */
export async function claimReplayKey(trx: Tx, entry: InboundLogEntry, replayKey: string): Promise<number | null> {
  const [inserted] = await insertClaim(trx, row(entry, replayKey));
  return inserted?.id ?? null;
}


const settleEntry = preparedQuery((db, v: { id: number; httpStatus: number; statusCode: number; statusText: string; answer: string }) =>
  db.updateTable('cxml_inbound').set({ http_status: v.httpStatus, status_code: v.statusCode, status_text: v.statusText, answer: v.answer }).where('id', '=', v.id),
);

export async function settleLogEntry(trx: Tx, id: number, outcome: Pick<InboundLogEntry, 'httpStatus' | 'statusCode' | 'statusText' | 'answer'>): Promise<void> {
  await settleEntry(trx, { id, ...outcome, statusText: clip(outcome.statusText, 2000) });
}

const answerOfKey = preparedQuery((db, v: { replayKey: string }) => db.selectFrom('cxml_inbound').select(['http_status', 'answer']).where('replay_key', '=', v.replayKey));

export async function storedAnswer(db: Db | Tx, replayKey: string): Promise<{ httpStatus: number; answer: string } | null> {
  const [found] = await answerOfKey(db, { replayKey });
  return found ? { httpStatus: found.http_status, answer: found.answer } : null;
}

/** Whether a source has earned too many refusals in the last window. */
const refusalsSince = preparedQuery((db, v: { source: string; since: string }) =>
  db
    .selectFrom('cxml_inbound')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('source', '=', v.source)
    .where('received_at', '>=', v.since)
    // A literal, not a parameter: the planners use the refusals' partial index (migration
    // 0076) only where the query's condition is seen to imply the index's own.
    .where('http_status', '>=', sql.lit(400)),
);

export async function sourceIsFlooding(db: Db, source: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - REFUSAL_WINDOW_MS).toISOString();
  const [row] = await refusalsSince(db, { source, since });
  return Number(row?.count ?? 0) >= REFUSALS_PER_WINDOW;
}

/** The last inbound requests that name an organisation as sender or receiver, newest first. */
export async function recentInbound(db: Db, orgKey: string, limit = 50): Promise<CxmlInboundEntry[]> {
  const rows = await db
    .selectFrom('cxml_inbound')
    .select(['id', 'received_at', 'request_type', 'payload_id', 'status_code', 'status_text'])
    .where((eb) => eb.or([eb('from_org_key', '=', orgKey), eb('to_org_key', '=', orgKey)]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ receivedAt: r.received_at, requestType: r.request_type, payloadId: r.payload_id, statusCode: r.status_code, statusText: r.status_text }));
}
