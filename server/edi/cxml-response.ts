import { create } from 'xmlbuilder2';
import { xmlText } from './cxml';

/** A partner's answer is read up to this many bytes: enough for any cXML Response, and a bound on what a partner can make us parse. */
export const CXML_ANSWER_MAX_BYTES = 64 * 1024;
/** How much of a partner's own words goes into history. */
const PARTNER_TEXT_MAX = 500;

export interface CxmlStatus {
  code: number;
  /** The Status element's `text` and its content, as the partner wrote them. */
  text: string;
}

/**
 * The `Response/Status` of a partner's cXML answer, or null when the answer holds none.
 * xmlbuilder2 expands no entities and fetches no DTD, so a hostile answer cannot grow or
 * reach out; its size is bounded by the caller (CXML_ANSWER_MAX_BYTES).
 */
export function readCxmlStatus(body: string): CxmlStatus | null {
  if (!/<Status\b/.test(body)) return null;
  try {
    const root = create(body).root();
    const response = root.node.nodeName === 'cXML' ? root.find((n) => n.node.nodeName === 'Response') : undefined;
    const status = response?.find((n) => n.node.nodeName === 'Status');
    if (!status) return null;
    const element = status.node as unknown as Element;
    const code = Number(element.getAttribute('code'));
    if (!Number.isInteger(code)) return null;
    const words = [element.getAttribute('text') ?? '', element.textContent ?? '']
      .map((part) => xmlText(part).replace(/\s+/g, ' ').trim())
      .filter((part, i, all) => part && all.indexOf(part) === i);
    return { code, text: words.join(': ').slice(0, PARTNER_TEXT_MAX) };
  } catch {
    return null;
  }
}
