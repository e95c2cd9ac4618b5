/** The job kinds of the invoice intake. */
export const INTAKE_JOB_KINDS = {
  /** One received message (mail, cXML) to turn into invoices. */
  message: 'invoice-intake',
  /** A file a buyer uploaded through the signed upload URL. */
  upload: 'invoice-upload',
  /** An invoice's stored documents read again with the current templates (support's request). */
  reExtract: 'invoice-re-extract',
} as const;

export type IntakeSource = 'email' | 'imap' | 'upload' | 'cxml';

/** The largest message or file the intake takes: the SMTP listener announces and enforces it. */
export const MAX_INTAKE_MESSAGE_BYTES = 25 * 1024 * 1024;
