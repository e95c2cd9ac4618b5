import type { XmlElement } from '../cxml';
import type { OrgType } from '../../../src/domain/roles';
import type { Tx } from '../../sync/change-log';
import type { CxmlEnvelope } from './cxml-envelope';
import { orderRequestHandler } from './order-request-handler';
import { profileRequestHandler } from './profile-request-handler';

/**
 * What /cxml accepts: one handler per request element. The sender (From) is authenticated
 * by its shared secret before any handler runs; a handler names the kinds of organisation
 * it takes From and To, so a supplier's InvoiceDetailRequest fits beside the buyer's order.
 */

export interface CxmlParty {
  orgKey: string;
  orgType: OrgType;
  name: string;
}

export interface HandlerInput {
  envelope: CxmlEnvelope;
  from: CxmlParty;
  /** The receiving organisation (To), when the handler names a kind for it. */
  to: CxmlParty | null;
  /** This endpoint's URL as the partner reached it (the ProfileResponse names it). */
  endpointUrl: string;
  /** The request types this sender's kind of organisation may send here. */
  accepted: string[];
  now: Date;
}

export interface HandlerOutcome {
  /** The cXML status code; the HTTP status follows it (200 for 2xx, the same 4xx). */
  code: number;
  message: string;
  /** A response element to send after Status (a ProfileResponse). */
  body?: XmlElement;
}

export interface CxmlRequestHandler {
  /** null: any organisation may send it. */
  fromType: OrgType | null;
  /** null: the request is about the endpoint itself, not addressed to an organisation. */
  toType: OrgType | null;
  /**
   * true: the request changes data. It runs in one transaction with its log entry, and its
   * payloadID is remembered so a replay is answered the same without applying twice.
   */
  changes: boolean;
  handle(trx: Tx, input: HandlerInput): Promise<HandlerOutcome>;
}

export const cxmlRequestHandlers: Readonly<Record<string, CxmlRequestHandler>> = {
  OrderRequest: orderRequestHandler,
  ProfileRequest: profileRequestHandler,
};
