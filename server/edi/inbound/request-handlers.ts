import type { XmlElement } from '../cxml';
import type { OrgType } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../files/blob-store';
import type { Tx } from '../../sync/change-log';
import type { CxmlEnvelope } from './cxml-envelope';
import { invoiceDetailRequestHandler } from './invoice-detail-request-handler';
import { orderRequestHandler } from './order-request-handler';
import { profileRequestHandler } from './profile-request-handler';
import type { CxmlRequestRead, CxmlRequestType } from './request-readers';

/**
 * What /cxml accepts: one handler per request element. The sender (From) is authenticated
 * by its shared secret before any handler runs; a handler names the kinds of organisation
 * it takes From and To: a buyer's OrderRequest goes to a supplier, a supplier's
 * InvoiceDetailRequest to a buyer.
 */

export interface CxmlParty {
  orgKey: string;
  orgType: OrgType;
  name: string;
}

export interface HandlerInput<R = unknown> {
  envelope: CxmlEnvelope;
  /** What the request type's reader (request-readers.ts) read of the request, in the sandbox. */
  read: R;
  from: CxmlParty;
  /** The receiving organisation (To), when the handler names a kind for it. */
  to: CxmlParty | null;
  /** This endpoint's URL as the partner reached it (the ProfileResponse names it). */
  endpointUrl: string;
  /** The request types this sender's kind of organisation may send here. */
  accepted: string[];
  now: Date;
  /** The document as posted: a handler that keeps it stores it in prepare. */
  bytes: Uint8Array;
  /** Null where the caller posts only requests that keep no document (the demo seed's orders). */
  blobs: BlobStore | null;
  /** What prepare stored, for handle: the blob key of the kept document. */
  documentKey: string | null;
}

export interface HandlerOutcome {
  /** The cXML status code; the HTTP status follows it (200 for 2xx, the same 4xx). */
  code: number;
  message: string;
  /** A response element to send after Status (a ProfileResponse). */
  body?: XmlElement;
}

export interface CxmlRequestHandler<R = unknown> {
  /** null: any organisation may send it. */
  fromType: OrgType | null;
  /** null: the request is about the endpoint itself, not addressed to an organisation. */
  toType: OrgType | null;
  /**
   * true: the request changes data. It runs in one transaction with its log entry, and its
   * payloadID is remembered so a replay is answered the same without applying twice.
   */
  changes: boolean;
  /**
   * Work that must not hold the transaction (a blob store may be a network service), run
   * after the sender is authenticated and before handle: a refusal, or the key of the
   * document it stored. Only for requests that change data.
   */
  prepare?(db: Db, input: HandlerInput<R>): Promise<{ refused: HandlerOutcome } | { documentKey: string }>;
  handle(trx: Tx, input: HandlerInput<R>): Promise<HandlerOutcome>;
}

export const cxmlRequestHandlers: { readonly [T in CxmlRequestType]: CxmlRequestHandler<CxmlRequestRead<T>> } = {
  OrderRequest: orderRequestHandler,
  InvoiceDetailRequest: invoiceDetailRequestHandler,
  ProfileRequest: profileRequestHandler,
};
