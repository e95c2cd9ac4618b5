import { el, text } from '../cxml';
import { cxmlDateTime } from '../cxml-dates';
import type { CxmlRequestHandler } from './request-handlers';

/** The day this endpoint started answering: ProfileResponse@effectiveDate, which must not move. */
const EFFECTIVE_DATE = '2026-11-26T00:00:00+00:00';

/** ProfileRequest: what this endpoint accepts, which partners' systems ask first. */
export const profileRequestHandler: CxmlRequestHandler<null> = {
  fromType: null,
  toType: null,
  changes: false,
  async handle(_trx, { endpointUrl, accepted, now }) {
    const transaction = (name: string) => el('Transaction', { requestName: name }, text('URL', endpointUrl));
    const body = el('ProfileResponse', { effectiveDate: EFFECTIVE_DATE, lastRefresh: cxmlDateTime(now) }, ...accepted.map(transaction));
    return { code: 200, message: '', body };
  },
};
