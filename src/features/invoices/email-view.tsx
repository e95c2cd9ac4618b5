import { useMemo } from 'react';
import { useTheme } from 'styled-components';
import { formatDateTime } from '../../domain/dates';
import type { InvoiceMessage } from '../../domain/schemas/invoices';
import { EmailFrame, EmailHeader } from './invoice-detail.styles';
import { emailFrameDocument, sanitizeEmailHtml } from './sanitize-email-html';

/**
 * The email an invoice arrived in: subject, from, date, to, and its HTML body. The body
 * is untrusted: sanitised, then shown in a frame with `sandbox=""` (no script, a unique
 * origin that cannot touch the portal's page, cookies or storage) and its own
 * Content-Security-Policy (no request to any host).
 */
export function EmailView({ message }: { message: InvoiceMessage }) {
  const theme = useTheme();
  const srcDoc = useMemo(
    () => (message.htmlBody ? emailFrameDocument(sanitizeEmailHtml(message.htmlBody), { text: theme.color.text, background: theme.color.surface }) : null),
    [message.htmlBody, theme.color.text, theme.color.surface],
  );
  return (
    <>
      <EmailHeader>
        <div>
          <dt>Subject</dt>
          <dd>{message.subject}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{message.senderEmail}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(message.createdDate)}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{message.recipients.join(', ')}</dd>
        </div>
      </EmailHeader>
      {srcDoc && <EmailFrame title="Email body" sandbox="" referrerPolicy="no-referrer" srcDoc={srcDoc} />}
    </>
  );
}
