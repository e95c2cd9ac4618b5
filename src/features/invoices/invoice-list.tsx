import { useNavigate } from '@tanstack/react-router';
import { Fragment, useMemo, useState } from 'react';
import { formatDateOnly } from '../../domain/dates';
import { invoiceRowDisplay, veStatusQueryValue, type InvoiceStatusFilter } from '../../domain/invoice-display';
import { messages } from '../../domain/messages';
import { formatMoney } from '../../domain/money';
import { useInvoiceList, type InvoiceView } from '../../local/hooks/use-invoices';
import { usePendingPdfPrefetch } from '../../local/offline-files/use-pdf-prefetch';
import { IconButton } from '../../ui/button/Button';
import type { Column } from '../../ui/data-table/columns';
import { DataTable } from '../../ui/data-table/DataTable';
import { CheckIcon, WarningIcon } from '../../ui/icons/status-icons';
import { VisuallyHidden } from '../../ui/page';
import { Tooltip } from '../../ui/tooltip/Tooltip';
import { CodeParts, ErrorIcon, MoneyParts, NoNumber, Status, Subtitle } from './invoice-list.styles';
import type { InvoiceBuyer } from './use-invoice-buyer';
import { ValidationErrorsDrawer } from './validation-errors-drawer';

/** The spec's trigger for the next page: the sixth-last row came into view. */
const LOAD_MORE_AT = 6;

interface InvoiceListProps {
  buyer: InvoiceBuyer;
  filter: InvoiceStatusFilter;
  /** CSS height of the table's scroll box. */
  height?: string;
  /** Called after a row was opened (the bottom drawer closes itself). */
  onOpened?: () => void;
}

/**
 * A sender's address may wrap after its '@' and before a period of its domain (never inside
 * its name or a label: 'accounts@' / 'kestrel.demo.test'); a company name wraps between words.
 */
function breakableAddress(from: string) {
  const at = from.indexOf('@');
  if (at < 0) return from;
  const [first, ...labels] = from.slice(at + 1).split('.');
  return (
    <>
      {from.slice(0, at + 1)}
      <wbr />
      {first}
      {labels.map((label, i) => (
        <Fragment key={i}>
          <wbr />.{label}
        </Fragment>
      ))}
    </>
  );
}

/**
 * An invoice number is the supplier's own code, of any length: the column fits the usual
 * ones ('INV-2026-010409'); a longer one breaks after a hyphen, never inside a part of it.
 */
function breakableCode(code: string) {
  const parts = code.replace(/ /g, '\u00a0').split('-');
  return (
    <CodeParts>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              -<wbr />
            </>
          )}
        </Fragment>
      ))}
    </CodeParts>
  );
}

/**
 * The spec's columns, Actions first. Each minimum is what the column's content needs in an
 * unread (bold) 14 px row, padding included: 'Exported', 'PO-WM-100217', '2026-10-30' on
 * one line; 'Document with extraction problems', a company name, an address, a total and
 * its currency in two lines at most (two lines fit the 48 px row). Spare width goes to
 * Title and From first. Where the table is too narrow for all of them, the kit stacks the
 * lower-priority ones under Title, the first wide text column, on a portrait tablet, and
 * scrolls sideways, with a cue, from a landscape tablet up.
 */
function columns(onShowErrors: (invoice: InvoiceView) => void): Column<InvoiceView>[] {
  return [
    {
      id: 'actions',
      header: 'Actions',
      width: '60px',
      minWidth: 60,
      kind: 'control',
      priority: 1,
      cell: (invoice) =>
        invoiceRowDisplay(invoice).hasValidationErrors ? (
          <Tooltip content={messages.validationErrorsClick}>
            <IconButton
              aria-label={`Validation errors of ${invoiceRowDisplay(invoice).number}`}
              onClick={(event) => {
                event.stopPropagation();
                onShowErrors(invoice);
              }}
            >
              <ErrorIcon>
                <WarningIcon />
              </ErrorIcon>
            </IconButton>
          </Tooltip>
        ) : null,
    },
    { id: 'status', header: 'Status', width: 'minmax(84px, 0.5fr)', minWidth: 84, kind: 'code', priority: 2, cell: (invoice) => invoice.veStatus },
    {
      id: 'title',
      header: 'Title',
      width: 'minmax(174px, 3fr)',
      minWidth: 174,
      priority: 1,
      cell: (invoice) => {
        const display = invoiceRowDisplay(invoice);
        return (
          <>
            {display.title}
            {display.subtitle && <Subtitle title={display.subtitle}>{display.subtitle}</Subtitle>}
          </>
        );
      },
    },
    {
      id: 'number',
      header: 'Number',
      width: 'minmax(148px, 1fr)',
      minWidth: 148,
      kind: 'code',
      priority: 1,
      cell: (invoice) => {
        const { number } = invoiceRowDisplay(invoice);
        return number === messages.noNumberDetected ? <NoNumber>{number}</NoNumber> : breakableCode(number);
      },
    },
    { id: 'po', header: 'PO Number', width: 'minmax(134px, 1fr)', minWidth: 134, kind: 'code', priority: 3, cell: (invoice) => invoiceRowDisplay(invoice).poNumber ?? '' },
    { id: 'from', header: 'From', width: 'minmax(156px, 2fr)', minWidth: 156, priority: 2, cell: (invoice) => breakableAddress(invoiceRowDisplay(invoice).from) },
    {
      id: 'total',
      header: 'Total Value',
      width: 'minmax(104px, 1fr)',
      minWidth: 104,
      align: 'end',
      priority: 1,
      cell: (invoice) => {
        const display = invoiceRowDisplay(invoice);
        return display.totalValue === null ? '' : <MoneyParts>{`${formatMoney(display.totalValue)} ${display.currency ?? ''}`.trim()}</MoneyParts>;
      },
    },
    { id: 'created', header: 'Created', width: 'minmax(102px, 0.5fr)', minWidth: 102, kind: 'number', priority: 2, cell: (invoice) => formatDateOnly(invoiceRowDisplay(invoice).created) },
    {
      id: 'exported',
      header: <VisuallyHidden>Exported</VisuallyHidden>,
      label: 'Exported',
      width: '40px',
      minWidth: 40,
      kind: 'control',
      priority: 1,
      cell: (invoice) =>
        invoice.exported ? (
          <span title="Exported">
            <CheckIcon />
            <VisuallyHidden>Exported</VisuallyHidden>
          </span>
        ) : null,
    },
  ];
}

/**
 * The buyer's invoices from the local mirror, so a list seen once opens offline; the
 * engine mirrors page after page as the sixth-last row comes into view. Once the first
 * page is in, the PDFs of the newest pending invoices are kept offline in the background.
 */
export function InvoiceList({ buyer, filter, height, onOpened }: InvoiceListProps) {
  const navigate = useNavigate();
  const { invoices, loadMore, loading, exhausted, failed } = useInvoiceList(buyer.scope, veStatusQueryValue(filter));
  const [errorsOf, setErrorsOf] = useState<InvoiceView | null>(null);
  const cols = useMemo(() => columns(setErrorsOf), []);

  usePendingPdfPrefetch(buyer.scope, invoices !== undefined && !loading && !failed);

  const open = (invoice: InvoiceView) => {
    onOpened?.();
    void navigate({ to: '/app/invoices/$buyerId/$invoiceId', params: { buyerId: buyer.orgId, invoiceId: invoice.key } });
  };

  return (
    <>
      <DataTable
        label="Invoices"
        rows={invoices === undefined || (invoices.length === 0 && loading) ? undefined : invoices}
        columns={cols}
        rowKey={(invoice) => invoice.key}
        onActivate={open}
        rowState={(invoice) => ({ bold: !invoice.read, dimmed: invoice.exported })}
        rowDescription={(invoice) => [invoice.read ? '' : 'unread', invoice.exported ? 'exported' : ''].filter(Boolean).join(', ') || undefined}
        loadMore={loadMore}
        loadMoreAt={LOAD_MORE_AT}
        loading={loading}
        exhausted={exhausted || failed}
        loadingText="Loading invoices…"
        height={height}
      />
      {failed && <Status role="status">The server could not be reached: these are the invoices saved on this device.</Status>}
      <ValidationErrorsDrawer invoice={errorsOf} onClose={() => setErrorsOf(null)} />
    </>
  );
}
