/**
 * The payloadID of every cXML document the portal wrote, one per document: an order's
 * OrderRequest, an ASN's ShipNoticeRequest, an invoice's InvoiceDetailRequest. A re-sent
 * document keeps its payloadID (so the partner can spot the duplicate), and a ship notice
 * refers to its order's OrderRequest by it.
 */
export interface EdiPayloadsTable {
  /** order, asn or invoice. */
  entity: string;
  entity_key: string;
  payload_id: string;
  created_at: string;
}

export interface EdiTables {
  edi_payloads: EdiPayloadsTable;
}
