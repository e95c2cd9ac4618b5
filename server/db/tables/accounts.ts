import type { Generated } from 'kysely';

/**
 * Account administration: an organisation's properties, the mail and EDI settings
 * towards its systems, its UOM mapping, and the buyer-side settings (tax codes,
 * account codes). Every client-mirrored row carries `rev` and a `deleted` tombstone.
 */

export interface PropertiesTable {
  org_property_no: Generated<number>;
  org_no: number;
  property: string;
  value: string;
  rev: number;
  deleted: number;
}

/** A value an organisation keeps about another organisation (e.g. the buyer's code for a supplier). */
export interface OtherOrgPropertiesTable {
  id: Generated<number>;
  org_no: number;
  other_org_key: string;
  property: string;
  value: string;
  rev: number;
  deleted: number;
}

export interface ReceivingEmailsTable {
  id: Generated<number>;
  org_no: number;
  code: string;
  email_address: string;
  rev: number;
  deleted: number;
}

/** The spec's "Sender Source"; the API calls it sending-email-domain. */
export interface SenderSourcesTable {
  id: Generated<number>;
  org_no: number;
  identifier: string;
  rev: number;
  deleted: number;
}

/** One live row per (organisation, doc type): inv, po or asn. */
export interface EdiExportSettingsTable {
  id: Generated<number>;
  org_no: number;
  doc_type: string;
  order_format: number;
  /** S3, LOCAL, EMAIL or cXML. */
  type: string;
  ftp_server: string | null;
  ftp_dir: string | null;
  ftp_user: string | null;
  password: string | null;
  endpoint: string | null;
  rev: number;
  deleted: number;
}

/** The organisation's own code for a standard unit of measure; replaced as a whole on save. */
interface UomMappingsTable {
  id: Generated<number>;
  org_no: number;
  standard_unit: string;
  code: string;
  rev: number;
}

interface BuyerSettingsTable {
  org_no: number;
  taxable_code: string;
  non_taxable_code: string;
  rev: number;
}

interface BuyerSellerPropsTable {
  buyer_org_no: number;
  seller_org_no: number;
  supplier_code: string;
  rev: number;
}

export interface AccountTables {
  properties: PropertiesTable;
  other_org_properties: OtherOrgPropertiesTable;
  receiving_emails: ReceivingEmailsTable;
  sender_sources: SenderSourcesTable;
  edi_export_settings: EdiExportSettingsTable;
  uom_mappings: UomMappingsTable;
  buyer_settings: BuyerSettingsTable;
  buyer_seller_props: BuyerSellerPropsTable;
}
