import { el, escapeXml, newPayloadId } from '../cxml';
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

/** The DTD the portal's own cXML declares (server/edi/cxml.ts): answers use the same. */
const RESPONSE_DTD = 'http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd';

export function cxmlResponse(code: number, message: string, opts: { body?: string; now?: Date } = {}): string {
  const now = opts.now ?? new Date();
  const status = el('Status', { code, text: CXML_STATUS_TEXT[code] ?? 'Error', 'xml:lang': 'en' }, message ? escapeXml(message) : null);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<!DOCTYPE cXML SYSTEM "${RESPONSE_DTD}">\n` +
    el('cXML', { payloadID: newPayloadId(now), timestamp: cxmlDateTime(now), 'xml:lang': 'en' }, el('Response', {}, status, opts.body)) +
    '\n'
  );
}

