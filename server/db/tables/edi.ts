import type { Generated } from 'kysely';

/**
 * The payloadID of every cXML document the portal wrote, one per document: an order's
 * OrderRequest, an ASN's ShipNoticeRequest, an invoice's InvoiceDetailRequest. A re-sent
 * document keeps its payloadID (so the partner can spot the duplicate), and a ship notice
 * refers to its order's OrderRequest by it.
 */
interface EdiPayloadsTable {
  /** order, asn or invoice. */
  entity: string;
  entity_key: string;
  payload_id: string;
  created_at: string;
}

/** An organisation's cXML credential: the shared secret is stored hashed (argon2id), never readable. */
interface CxmlCredentialsTable {
  org_key: string;
  secret_hash: string | null;
  updated_at: string;
}

/** The identities (`Credential@domain` and `Identity`) an organisation is known by in cXML headers. */
interface CxmlIdentitiesTable {
  id: Generated<number>;
  org_key: string;
  domain: string;
  domain_lc: string;
  identity: string;
}

/** Every cXML request posted to /cxml, applied or refused, with the answer it got. */
interface CxmlInboundTable {
  id: Generated<number>;
  received_at: string;
  /** The client address: refusals count towards its rate limit. */
  source: string;
  payload_id: string;
  request_type: string;
  from_org_key: string | null;
  to_org_key: string | null;
  http_status: number;
  status_code: number;
  status_text: string;
  answer: string;
  replay_key: string | null;
}

export interface EdiTables {
  edi_payloads: EdiPayloadsTable;
  cxml_credentials: CxmlCredentialsTable;
  cxml_identities: CxmlIdentitiesTable;
  cxml_inbound: CxmlInboundTable;
}
