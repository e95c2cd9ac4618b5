import type { Generated } from 'kysely';

/**
 * What came in, before it became invoices: one row per message (a mail for one buyer,
 * an uploaded file, a cXML request), whose raw bytes sit in the blob store from the
 * moment it arrived, so a parser that fails never loses it.
 */
export interface IntakeMessagesTable {
  id: Generated<number>;
  /** email (SMTP listener), imap (polled mailbox), upload (a buyer's file), cxml. */
  source: string;
  buyer_key: string;
  /** The code of the receiving-email pattern the recipient matched (AP, AP-SCAN...); null for uploads and cXML. */
  receiving_code: string | null;
  /** JSON array: the envelope recipients of this buyer. */
  recipients: string;
  /** The envelope sender (MAIL FROM), the uploader's name, or the cXML From identity. */
  sender: string;
  /** SMTP only: the connecting client, for SPF. */
  client_ip: string | null;
  helo: string | null;
  blob_key: string;
  /** An uploaded file's name; null for mail and cXML. */
  file_name: string | null;
  content_type: string;
  size: number;
  /**
   * What makes a second copy the same message: `mid:<Message-ID>` for mail, `sha256:<hex>`
   * for uploads and mail without one. Unique per buyer; null until known (a mail's is set
   * once it is parsed).
   */
  dedupe_key: string | null;
  /** queued, done, duplicate, failed. */
  state: string;
  error: string | null;
  /** JSON array of the invoices it created. */
  invoice_ids: string;
  created_at: string;
}

/** Every attachment of a message (or the uploaded file), kept, with what extraction made of it. */
interface IntakeAttachmentsTable {
  id: Generated<number>;
  message_id: number;
  file_name: string;
  content_type: string;
  size: number;
  blob_key: string;
  /** invoice, no-invoice, failed. */
  outcome: string;
  reason: string | null;
  /** The invoice it produced or belongs to. */
  oiid: number | null;
}

export interface IntakeTables {
  intake_messages: IntakeMessagesTable;
  intake_attachments: IntakeAttachmentsTable;
}
