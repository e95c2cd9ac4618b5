import type { XmlElement } from '../cxml';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../files/blob-store';
import { findOrg } from '../../policy';
import { authenticateSender, orgOfCredentials } from './credentials';
import type { CxmlCredential, CxmlEnvelope } from './cxml-envelope';
import { cxmlResponse, CXML_STATUS_TEXT } from './cxml-response';
import { claimReplayKey, logInbound, replayKeyOf, settleLogEntry, sourceIsFlooding, storedAnswer, type InboundLogEntry } from './inbound-log';
import { readCxmlDocument } from './read-cxml-document';
import { cxmlRequestHandlers, type CxmlParty, type CxmlRequestHandler, type HandlerOutcome } from './request-handlers';
import { isAcceptedRequestType } from './request-readers';

/**
 * One inbound cXML document, from bytes to answer: the path of the /cxml route and of the
 * demo seed alike. Read (in the sandbox) and DTD-checked, the sender authenticated, a
 * replay answered from the log, then the request's handler applied in one transaction
 * with its log entry. Nothing reaches the database before the document is valid and its
 * sender known; every refusal is logged with its reason and counts towards the source's limit.
 */

export interface InboundRequest {
  bytes: Uint8Array;
  /** The client's address: refusals are counted per source. */
  source: string;
  endpointUrl: string;
  /** Where a kept document (an InvoiceDetailRequest) is stored; null when the caller posts none. */
  blobs: BlobStore | null;
  now?: Date;
}

export interface CxmlAnswer {
  httpStatus: number;
  body: string;
  /** What the log holds of it: the server's request log names it too. */
  statusCode: number;
  message: string;
}

/** HTTP carries cXML's 2xx as 200; a 4xx as itself (cXML's 450 as 501, its 5xx as 500). */
export function httpStatusOf(code: number): number {
  if (code < 300) return 200;
  if (code === 450) return 501;
  return code < 500 ? code : 500;
}

const UNAUTHORIZED = 'The sender is not known here or its shared secret does not match';

/** payloadID="..." of a document that could not be read: the log still names it. */
function payloadIdOfBytes(bytes: Uint8Array): string {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return /payloadID\s*=\s*["']([^"']{1,250})["']/.exec(head)?.[1] ?? '';
}

const describe = (creds: CxmlCredential[]) => creds.map((c) => `${c.domain}/${c.identity}`).join(', ') || '(none)';

async function party(db: Db, orgKey: string | null): Promise<CxmlParty | null> {
  const org = orgKey ? await findOrg(db, orgKey) : null;
  return org ? { orgKey: org.orgKey, orgType: org.orgType, name: org.name } : null;
}

export async function receiveCxml(db: Db, request: InboundRequest): Promise<CxmlAnswer> {
  const now = request.now ?? new Date();
  const entry: InboundLogEntry = {
    receivedAt: now.toISOString(),
    source: request.source,
    payloadId: '',
    requestType: '',
    fromOrgKey: null,
    toOrgKey: null,
    httpStatus: 0,
    statusCode: 0,
    statusText: '',
    answer: '',
  };
  const answer = (code: number, message: string, body?: XmlElement): CxmlAnswer => ({
    httpStatus: httpStatusOf(code),
    body: cxmlResponse(code, message, { body, now }),
    statusCode: code,
    message,
  });
  const refuse = async (code: number, message: string): Promise<CxmlAnswer> => {
    const out = answer(code, message);
    await logInbound(db, { ...entry, httpStatus: out.httpStatus, statusCode: code, statusText: message || CXML_STATUS_TEXT[code] || '', answer: out.body });
    return out;
  };

  if (await sourceIsFlooding(db, request.source, now)) {
    return answer(429, 'Too many refused requests from this address: wait a minute and send valid, authenticated documents');
  }
  const read = await readCxmlDocument(request.bytes);
  if (!read.ok) {
    entry.payloadId = payloadIdOfBytes(request.bytes);
    return refuse(read.status, [read.message, ...read.errors].join('; '));
  }
  entry.requestType = read.requestType;
  if ('unreadable' in read) {
    entry.payloadId = payloadIdOfBytes(request.bytes);
    return refuse(400, read.unreadable);
  }
  const { envelope } = read;
  entry.payloadId = envelope.payloadId;
  // Named for the log before they are trusted: support sees which partner a refusal concerned.
  entry.fromOrgKey = await orgOfCredentials(db, envelope.from);
  entry.toOrgKey = await orgOfCredentials(db, envelope.to);

  if (!isAcceptedRequestType(envelope.requestType)) return refuse(450, `${envelope.requestType} is not accepted here`);
  // Each handler takes what its own reader read, in the sandbox, of the same request type.
  const handler = cxmlRequestHandlers[envelope.requestType] as CxmlRequestHandler;
  const senderKey = await authenticateSender(db, entry.fromOrgKey, envelope.sharedSecret);
  const from = await party(db, senderKey);
  if (!from || (handler.fromType && from.orgType !== handler.fromType)) return refuse(401, UNAUTHORIZED);
  let to: CxmlParty | null = null;
  if (handler.toType) {
    to = await party(db, entry.toOrgKey);
    if (!to || to.orgType !== handler.toType) {
      return refuse(400, `To names no ${handler.toType === 'SUPPLIER' ? 'supplier' : 'buyer'} here: ${describe(envelope.to)}`);
    }
  }
  const accepted = Object.entries(cxmlRequestHandlers)
    .filter(([, h]) => h.fromType === null || h.fromType === from.orgType)
    .map(([name]) => name);
  const input = { envelope, read: read.read, from, to, endpointUrl: request.endpointUrl, accepted, now, bytes: request.bytes, blobs: request.blobs, documentKey: null };
  if (!handler.changes) {
    const outcome = await handler.handle(db, input);
    const out = answer(outcome.code, outcome.message, outcome.body);
    await logInbound(db, { ...entry, httpStatus: out.httpStatus, statusCode: outcome.code, statusText: outcome.message || 'OK', answer: out.body });
    return out;
  }
  return applyOnce(db, handler, input, entry, answer);
}

/**
 * Applies a changing request once per sender and payloadID: the log row claims the replay
 * key in the same transaction as the change, so a copy arriving at the same time (another
 * process included) waits, finds the key taken and gets the first answer.
 */
async function applyOnce(
  db: Db,
  handler: CxmlRequestHandler,
  input: { envelope: CxmlEnvelope; from: CxmlParty } & Parameters<CxmlRequestHandler['handle']>[1],
  entry: InboundLogEntry,
  answer: (code: number, message: string, body?: XmlElement) => CxmlAnswer,
): Promise<CxmlAnswer> {
  const replayKey = replayKeyOf(input.from.orgKey, input.envelope.payloadId);
  const stored = await storedAnswer(db, replayKey);
  if (stored) return replayed(stored);
  let documentKey: string | null = null;
  if (handler.prepare) {
    const prepared = await handler.prepare(db, input);
    if ('refused' in prepared) {
      const out = answer(prepared.refused.code, prepared.refused.message);
      await logInbound(db, { ...entry, httpStatus: out.httpStatus, statusCode: out.statusCode, statusText: out.message, answer: out.body });
      return out;
    }
    documentKey = prepared.documentKey;
  }
  const applied = await db.transaction().execute(async (trx) => {
    const logId = await claimReplayKey(trx, { ...entry, httpStatus: 102, statusCode: 102, statusText: 'Processing' }, replayKey);
    if (logId === null) return null;
    const outcome: HandlerOutcome = await handler.handle(trx, { ...input, documentKey });
    const out = answer(outcome.code, outcome.message, outcome.body);
    if (out.httpStatus >= 400) {
      // A refused request changed nothing: the claim is dropped with it, and only the refusal logged.
      throw new Refused(out);
    }
    await settleLogEntry(trx, logId, { httpStatus: out.httpStatus, statusCode: outcome.code, statusText: outcome.message, answer: out.body });
    return out;
  }).catch(async (error: unknown) => {
    // A document prepare kept for a request that was not applied is nobody's: dropped.
    if (documentKey) await input.blobs?.delete(documentKey);
    if (!(error instanceof Refused)) throw error;
    await logInbound(db, { ...entry, httpStatus: error.answer.httpStatus, statusCode: error.answer.statusCode, statusText: error.answer.message, answer: error.answer.body });
    return error.answer;
  });
  if (applied) return applied;
  if (documentKey) await input.blobs?.delete(documentKey);
  const winner = await storedAnswer(db, replayKey);
  return winner ? replayed(winner) : answer(409, 'The same document is being applied: send it again in a moment');
}

class Refused extends Error {
  constructor(readonly answer: CxmlAnswer) {
    super(answer.message);
  }
}

function replayed(stored: { httpStatus: number; answer: string }): CxmlAnswer {
  const status = /<Status code="(\d+)"/.exec(stored.answer);
  return { httpStatus: stored.httpStatus, body: stored.answer, statusCode: Number(status?.[1] ?? stored.httpStatus), message: 'Replay of an applied payloadID' };
}
