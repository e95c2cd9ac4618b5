import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
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
import { ErrorIcon, NoNumber, Status, Subtitle } from './invoice-list.styles';
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

/** A sender's address may wrap after its '@' (never inside its name or domain); a company name wraps between words. */
function breakableAddress(from: string) {
  const at = from.indexOf('@');
  if (at < 0) return from;
  return (
    <>
      {from.slice(0, at + 1)}
      <wbr />
      {from.slice(at + 1)}
    </>
  );
}

/**
 * The spec's columns, Actions first. Where the table is too narrow for all of them, the
 * kit stacks the lower-priority ones under Title, the first wide text column.
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
    { id: 'status', header: 'Status', width: 'minmax(76px, 0.5fr)', minWidth: 76, kind: 'code', priority: 2, cell: (invoice) => invoice.veStatus },
    {
      id: 'title',
      header: 'Title',
      width: 'minmax(154px, 2fr)',
      minWidth: 154,
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
      width: 'minmax(146px, 1fr)',
      minWidth: 146,
      kind: 'code',
      priority: 1,
      cell: (invoice) => {
        const { number } = invoiceRowDisplay(invoice);
        return number === messages.noNumberDetected ? <NoNumber>{number}</NoNumber> : number;
      },
    },
    { id: 'po', header: 'PO Number', width: 'minmax(128px, 1fr)', minWidth: 128, kind: 'code', priority: 3, cell: (invoice) => invoiceRowDisplay(invoice).poNumber ?? '' },
    { id: 'from', header: 'From', width: 'minmax(130px, 1.3fr)', minWidth: 130, priority: 2, cell: (invoice) => breakableAddress(invoiceRowDisplay(invoice).from) },
    {
      id: 'total',
      header: 'Total Value',
      width: 'minmax(124px, 1fr)',
      minWidth: 124,
      align: 'end',
      priority: 1,
      cell: (invoice) => {
        const display = invoiceRowDisplay(invoice);
        return display.totalValue === null ? '' : `${formatMoney(display.totalValue)} ${display.currency ?? ''}`;
      },
    },
    { id: 'created', header: 'Created', width: 'minmax(100px, 0.5fr)', minWidth: 100, kind: 'number', priority: 2, cell: (invoice) => formatDateOnly(invoiceRowDisplay(invoice).created) },
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
