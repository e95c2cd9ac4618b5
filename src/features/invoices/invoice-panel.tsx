import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateOnly } from '../../domain/dates';
import { hasValidationErrors, invoiceRowDisplay, sortedLineItems } from '../../domain/invoice-display';
import { messages } from '../../domain/messages';
import { formatMoney } from '../../domain/money';
import { outcomeLabel } from '../../domain/rules/match-changes';
import type { InvoiceView } from '../../local/hooks/use-invoices';
import { Button } from '../../ui/button/Button';
import { Chip, ErrorButtonRow, HeaderRow, Section, SectionTitle, Title, Totals } from './invoice-detail.styles';
import { InvoiceLinesTable } from './invoice-lines-table';
import { Facts } from '../../ui/page';

interface InvoicePanelProps {
  invoice: InvoiceView;
  buyerId: string;
  onShowErrors: () => void;
  /** The control that opens the correction form, for users who may correct. */
  correction?: ReactNode;
}

/** The right pane: what was read from the invoice, its errors, its lines and totals. */
export function InvoicePanel({ invoice, buyerId, onShowErrors, correction }: InvoicePanelProps) {
  const display = invoiceRowDisplay(invoice);
  const doc = invoice.document;
  const withCurrency = (value: number) => `${formatMoney(value)} ${doc?.currency ?? ''}`.trim();
  return (
    <>
      <HeaderRow>
        <Title>
          {display.title} {display.number}
        </Title>
        {invoice.exported && <Chip>Exported</Chip>}
      </HeaderRow>
      <Facts aria-label="Invoice">
        <div>
          <dt>Supplier</dt>
          <dd>{display.from}</dd>
        </div>
        <div>
          <dt>Account Code</dt>
          <dd>{invoice.supplierCode ?? ''}</dd>
        </div>
        <div>
          <dt>Title</dt>
          <dd>{display.title}</dd>
        </div>
        <div>
          <dt>Number</dt>
          <dd>{display.number}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateOnly(display.created)}</dd>
        </div>
        <div>
          <dt>Invoice Status</dt>
          <dd>{invoice.veStatus}</dd>
        </div>
        {invoice.matching && (
          <div>
            <dt>Matching</dt>
            <dd data-match-status={invoice.matching.status}>{outcomeLabel(invoice.matching)}</dd>
          </div>
        )}
        {doc?.referenceId && (
          <div>
            <dt>Order</dt>
            <dd>
              {doc.referenceSystemId ? (
                <Link to="/app/orders/$orgid/order/$orderid" params={{ orgid: buyerId, orderid: doc.referenceSystemId }}>
                  {doc.referenceId}
                </Link>
              ) : (
                doc.referenceId
              )}
            </dd>
          </div>
        )}
      </Facts>
      {hasValidationErrors(invoice) && (
        <ErrorButtonRow>
          <Button variant="outlined" onClick={onShowErrors}>
            {doc ? messages.validationErrorsDetected : messages.extractionError}
          </Button>
        </ErrorButtonRow>
      )}
      {correction}
      {doc && (
        <>
          <Section aria-labelledby="invoice-lines">
            <SectionTitle id="invoice-lines">Lines</SectionTitle>
            <InvoiceLinesTable lines={sortedLineItems(invoice)} />
            <Totals aria-label="Totals">
              <dt>Freight</dt>
              <dd>{withCurrency(doc.freight)}</dd>
              <dt>Additional charges</dt>
              <dd>{withCurrency(doc.additionalCharges)}</dd>
              <dt>Subtotal</dt>
              <dd>{withCurrency(doc.subtotal)}</dd>
              <dt>Discount</dt>
              <dd>{withCurrency(doc.discount)}</dd>
              <dt>TAX</dt>
              <dd>{withCurrency(doc.totalTax)}</dd>
              <dt>Total</dt>
              <dd>{withCurrency(doc.totalValue)}</dd>
            </Totals>
          </Section>
          <Section aria-labelledby="invoice-comments">
            <SectionTitle id="invoice-comments">Comments</SectionTitle>
            <p>{doc.comments ?? ''}</p>
          </Section>
        </>
      )}
    </>
  );
}
