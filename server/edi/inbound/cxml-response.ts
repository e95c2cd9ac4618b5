import { CXML_DTD, cxmlDocument, el, newPayloadId, text, type XmlElement } from '../cxml';
import { cxmlDateTime } from '../cxml-dates';

/**
 * The cXML Response every /cxml request gets: Status@code and @text carry the outcome, the
 * element's text the reason; each answer has a fresh payloadID and a timestamp with offset.
 */

/** The words cXML gives its status codes (the cXML User's Guide, "Status"). */
export const CXML_STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  450: 'Not Implemented',
  500: 'Internal Server Error',
};

export function cxmlResponse(code: number, message: string, opts: { body?: XmlElement; now?: Date } = {}): string {
  const now = opts.now ?? new Date();
  const attrs = { code, text: CXML_STATUS_TEXT[code] ?? 'Error', 'xml:lang': 'en' };
  const status = text('Status', message, attrs) ?? el('Status', attrs);
  // Answers declare the DTD the portal's own cXML declares (CXML_DTD.order, cXML.dtd).
  return cxmlDocument(CXML_DTD.order, el('cXML', { payloadID: newPayloadId(now), timestamp: cxmlDateTime(now), 'xml:lang': 'en' }, el('Response', {}, status, opts.body)));
}

