import type { EdiDocType, EdiType } from '../../src/domain/schemas/properties';

/** What every channel takes: the document and the organisation whose setting picks the channel. */
export interface DeliveryInput {
  orgKey: string;
  docType: EdiDocType;
  fileName: string;
  contentType: string;
  content: string;
}

/** Where a document went. History and errors name the channel only: an endpoint or a recipient list is the receiver's secret. */
export interface Delivery {
  channel: EdiType;
  /** The file written, for LOCAL only. */
  file: string | null;
}

export interface EdiSetting {
  docType: EdiDocType;
  orderFormat: number;
  type: EdiType;
  ftpServer: string | null;
  ftpDir: string | null;
  user: string | null;
  password: string | null;
  endpoint: string | null;
}

/**
 * A delivery that failed in a way sending the same document again cannot mend: the
 * setting lacks what the channel needs, or the partner refused the document. Any other
 * error (a network failure, a partner's 5xx) is worth a retry.
 */
export class DeliveryRefused extends Error {}
