import { useEffect, useRef, useState, type ReactNode } from 'react';
import { canShowOriginalEmail, invoiceRowDisplay, validationErrorCount } from '../../domain/invoice-display';
import { matchingMessages } from '../../domain/matching-messages';
import { messages } from '../../domain/messages';
import { can } from '../../domain/roles';
import { useInvoice, type InvoiceView } from '../../local/hooks/use-invoices';
import { markInvoiceRead } from '../../local/mutations/mark-read';
import { Button } from '../../ui/button/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { MutedText, Notice } from '../../ui/page';
import { SplitPane } from '../../ui/split-pane/SplitPane';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { SPLIT_PANE_DEFAULT, SPLIT_PANE_MIN_VISIBLE_PERCENT } from '../../domain/constants';
import { EmailDrawer } from './email-drawer';
import { EmailView } from './email-view';
import { BottomBar, DetailFrame, OfflineReason, PanePadding, Panes, PaneScroll } from './invoice-detail.styles';
import { InvoiceCorrectButton } from './invoice-correct-button';
import { InvoiceCorrectionDrawer } from './invoice-correction-drawer';
import { InvoiceHistoryDrawer } from './invoice-history-drawer';
import { InvoiceListDrawer } from './invoice-list-drawer';
import { InvoicePanel } from './invoice-panel';
import { PdfPane } from './pdf-pane';
import { ReExtractButton } from './re-extract-button';
import type { InvoiceBuyer } from './use-invoice-buyer';
import { useInvoiceExport } from './use-invoice-export';
import { ValidationErrorsDrawer } from './validation-errors-drawer';

/**
 * Where two panes side by side leave too little of either (a portrait tablet, a narrow
 * window), the document and the invoice become two tabs, the invoice first.
 */
const NARROW = '(max-width: 899px)';

type DetailDrawer = 'errors' | 'history' | 'email' | 'list' | 'correct';

interface InvoiceDetailProps {
  buyer: InvoiceBuyer;
  invoiceId: string;
}

/**
 * One invoice as the store holds it. 'No Data!' once the server said there is no such
 * invoice (or nothing is held and the server cannot be asked, in which case it says why).
 */
export function InvoiceDetail({ buyer, invoiceId }: InvoiceDetailProps) {
  const { invoice, fetchState } = useInvoice(buyer.scope, invoiceId);
  if (invoice === undefined || (invoice === null && fetchState === 'loading')) return <MutedText role="status">Loading invoice…</MutedText>;
  if (invoice === null) {
    return (
      <Notice role="alert">
        {messages.noData}
        {fetchState === 'unreachable' && ' This invoice is not saved on this device and the server cannot be reached.'}
      </Notice>
    );
  }
  return <LoadedInvoice buyer={buyer} invoice={invoice} />;
}

function pdfFileName(invoice: InvoiceView): string {
  return `${invoiceRowDisplay(invoice).number.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`;
}

function LoadedInvoice({ buyer, invoice }: { buyer: InvoiceBuyer; invoice: InvoiceView }) {
  const [drawer, setDrawer] = useState<DetailDrawer | null>(null);
  const narrow = useMediaQuery(NARROW);
  const exportAction = useInvoiceExport(buyer.orgId, invoice.key);
  const mayExport = can(buyer.viewer, 'exportInvoices');
  const mayReExtract = can(buyer.viewer, 'reExtractInvoices');
  // An invoice with validation errors is exported only once the user confirms it.
  const errorCount = validationErrorCount(invoice);
  const [confirmExport, setConfirmExport] = useState(false);

  // Opening an unread invoice marks it read, once per visit; offline the mark waits in the outbox.
  const marked = useRef(false);
  useEffect(() => {
    if (!invoice.read && !marked.current) {
      marked.current = true;
      void markInvoiceRead(buyer.scope, invoice.key);
    }
  }, [invoice.read, buyer.scope, invoice.key]);

  const close = (open: boolean) => !open && setDrawer(null);
  const pdfUrl = invoice.message.pdfUrl;
  const documentPane: ReactNode = pdfUrl ? <PdfPane url={pdfUrl} fileName={pdfFileName(invoice)} /> : <EmailView message={invoice.message} />;
  // A clerk corrects what the extraction misread; nothing was read when there is no document.
  const mayCorrect = can(buyer.viewer, 'correctInvoices') && invoice.document !== null;
  const correction = mayCorrect ? <InvoiceCorrectButton exported={invoice.exported} onCorrect={() => setDrawer('correct')} /> : undefined;
  const invoicePane = <InvoicePanel invoice={invoice} buyerId={buyer.orgId} onShowErrors={() => setDrawer('errors')} correction={correction} />;

  return (
    <DetailFrame>
      <Panes>
        {narrow ? (
          <Tabs defaultValue="invoice" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
            <TabList aria-label="Invoice views">
              <Tab value="invoice">Invoice</Tab>
              <Tab value="document">{pdfUrl ? 'PDF' : 'Email'}</Tab>
            </TabList>
            <TabPanel value="invoice" style={{ flex: 1, minHeight: 0 }}>
              <PaneScroll>{invoicePane}</PaneScroll>
            </TabPanel>
            <TabPanel value="document" style={{ flex: 1, minHeight: 0 }}>
              <PaneScroll>{documentPane}</PaneScroll>
            </TabPanel>
          </Tabs>
        ) : (
          <SplitPane
            // The email has nothing focusable of its own: its pane is the scroll box the keyboard reaches.
            left={pdfUrl ? <PaneScroll>{documentPane}</PaneScroll> : <PanePadding>{documentPane}</PanePadding>}
            right={<PaneScroll>{invoicePane}</PaneScroll>}
            defaultLeft={SPLIT_PANE_DEFAULT[0]}
            minPercent={SPLIT_PANE_MIN_VISIBLE_PERCENT}
            labelLeft={pdfUrl ? 'PDF' : 'Email'}
            labelRight="Invoice"
            leftFocusable={!pdfUrl}
          />
        )}
      </Panes>
      <BottomBar role="toolbar" aria-label="Invoice actions">
        {mayExport && (
          <>
            <Button
              onClick={() => (errorCount > 0 ? setConfirmExport(true) : exportAction.onExport())}
              disabled={exportAction.busy || exportAction.offline || !invoice.document}
              aria-describedby={!invoice.document || exportAction.offline ? 'export-reason' : undefined}
            >
              {exportAction.busy ? 'Exporting…' : 'Export'}
            </Button>
            {/* Nothing was extracted to export: the reason the validation errors give too. */}
            {!invoice.document ? (
              <OfflineReason id="export-reason">{messages.documentExtractionError}</OfflineReason>
            ) : (
              exportAction.offline && <OfflineReason id="export-reason">Export needs a connection to the server.</OfflineReason>
            )}
          </>
        )}
        <Button variant="outlined" onClick={() => setDrawer('history')}>
          History
        </Button>
        {canShowOriginalEmail(invoice) && (
          <Button variant="outlined" onClick={() => setDrawer('email')}>
            Show Original Email
          </Button>
        )}
        <Button variant="outlined" onClick={() => setDrawer('list')}>
          Show List
        </Button>
        {mayReExtract && <ReExtractButton buyerId={buyer.orgId} invoiceId={invoice.key} exported={invoice.exported} />}
        {exportAction.failure && <OfflineReason role="alert">{exportAction.failure}</OfflineReason>}
      </BottomBar>
      <ValidationErrorsDrawer invoice={drawer === 'errors' ? invoice : null} onClose={() => setDrawer(null)} />
      <ConfirmDialog
        open={confirmExport}
        onOpenChange={setConfirmExport}
        title={matchingMessages.exportConfirmTitle}
        message={matchingMessages.exportConfirmMessage(errorCount)}
        confirmLabel="Export"
        onConfirm={() => exportAction.onExport(true)}
      />
      <InvoiceHistoryDrawer open={drawer === 'history'} onOpenChange={close} scope={buyer.scope} invoiceId={invoice.key} />
      <EmailDrawer open={drawer === 'email'} onOpenChange={close} message={invoice.message} />
      <InvoiceListDrawer open={drawer === 'list'} onOpenChange={close} buyer={buyer} />
      {mayCorrect && invoice.document && (
        <InvoiceCorrectionDrawer
          open={drawer === 'correct'}
          onOpenChange={close}
          scope={buyer.scope}
          invoiceKey={invoice.key}
          document={invoice.document}
          corrections={invoice.corrections}
        />
      )}
    </DetailFrame>
  );
}
