import { readEnvelope, requestTypeOf, type CxmlEnvelope } from './cxml-envelope';
import { readCxml, type ReadCxmlResult } from './read-cxml';
import { cxmlRequestReaders, isAcceptedRequestType } from './request-readers';

/**
 * An inbound document as the endpoint uses it: parsed and DTD-checked (read-cxml.ts), its
 * envelope and its request read. Runs in the sandbox (server/sandbox/tasks/read-cxml.ts),
 * so only these small results cross back to the main thread.
 */
export type ReadCxmlRequestResult =
  | Extract<ReadCxmlResult, { ok: false }>
  /** Valid against its DTD, but no request can be read from it (requestType is '' when it names none). */
  | { ok: true; requestType: string; unreadable: string }
  /** read: what the reader of its request type returned; null for a type not accepted here. */
  | { ok: true; requestType: string; envelope: CxmlEnvelope; read: unknown };

export function readCxmlRequest(bytes: Uint8Array): ReadCxmlRequestResult {
  const parsed = readCxml(bytes);
  if (!parsed.ok) return parsed;
  const requestType = requestTypeOf(parsed.root);
  const envelope = readEnvelope(parsed.root);
  if ('error' in envelope) return { ok: true, requestType, unreadable: envelope.error };
  const type = envelope.envelope.requestType;
  const read = isAcceptedRequestType(type) ? cxmlRequestReaders[type](envelope.request) : null;
  return { ok: true, requestType, envelope: envelope.envelope, read };
}
