import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_FILTER_KEY } from '../../src/features/invoices/use-invoice-filter';
import { messages } from '../../src/domain/messages';
import type { LocalDatabase } from '../../src/local/db/local-database';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { buyerPolicy, signedIn, supportPolicy } from './support/fixtures';
import { BUYER_SCOPE, holdInvoices, invoiceItem } from './support/invoices-store';
import { closeTestStore, fakeEngine, giveElementsASize, openTestStore } from './support/orders-store';
import { renderApp } from './support/render-app';

let db: LocalDatabase;

beforeEach(() => {
  db = openTestStore();
  giveElementsASize();
  // jsdom lays nothing out: the split pane's observer of sizes has nothing to report.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(async () => {
  await closeTestStore(db);
  vi.restoreAllMocks();
});

function invoiceEngine(overrides: Parameters<typeof fakeEngine>[0] = {}) {
  return fakeEngine({
    invoicePage: vi.fn(async () => ({ count: 0, full: false })),
    invoice: vi.fn(async () => ({ found: true })),
    ...overrides,
  });
}

const table = () => screen.findByRole('table', { name: 'Invoices' });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

describe('invoice list', () => {
  it('shows the columns, unread rows bold and exported rows dimmed, newest first', async () => {
    await holdInvoices(db, [invoiceItem(1, { read: false }), invoiceItem(2, { exported: true, veStatus: 'Exported' }), invoiceItem(3)]);
    invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices');

    const headers = within(await table()).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Actions', 'Status', 'Title', 'Number', 'PO Number', 'From', 'Total Value', 'Created', 'Exported']);
    const unread = await rowOf('INV-1001');
    expect(unread.getAttribute('aria-description')).toBe('unread');
    expect(getComputedStyle(unread).fontWeight).toBe('700');
    expect(within(unread).getByText('1,658.25 AUD')).toBeTruthy();
    const exported = await rowOf('INV-1002');
    expect(within(exported).getByTitle('Exported')).toBeTruthy();
    expect(exported.getAttribute('data-dimmed')).toBe('true');
    expect(unread.getAttribute('data-dimmed')).toBeNull();
    const numbers = within(await table())
      .getAllByText(/^INV-100\d$/)
      .map((n) => n.textContent);
    expect(numbers).toEqual(['INV-1003', 'INV-1002', 'INV-1001']);
  });

  it("says it is loading while the first page is mirrored, then 'No results' when there are none", async () => {
    let finish: (value: { count: number; full: boolean }) => void = () => undefined;
    invoiceEngine({ invoicePage: () => new Promise((resolve) => (finish = resolve)) });
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices');
    expect(await screen.findByText('Loading invoices…')).toBeTruthy();
    finish({ count: 0, full: false });
    expect(await screen.findByText(messages.noResults)).toBeTruthy();
  });

  it('falls back to the email for an invoice without a document', async () => {
    await holdInvoices(db, [invoiceItem(4, { document: null, supplierName: null, supplierCode: null })]);
    invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices');

    const row = await rowOf(messages.documentWithExtractionProblems);
    expect(within(row).getByText(messages.noNumberDetected)).toBeTruthy();
    expect(within(row).getByText('Invoice 4 from Acme')).toBeTruthy();
    expect(within(row).getByText('accounts@acme.example')).toBeTruthy();
  });

  it('filters by status: the active filter is disabled, the server is asked for that status, the choice survives a reload', async () => {
    await holdInvoices(db, [invoiceItem(1), invoiceItem(2, { veStatus: 'Emailed' })]);
    const engine = invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    const first = renderApp('/app/invoices');

    const all = await screen.findByRole('button', { name: 'All' });
    expect((all as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Emailed' }));
    expect((screen.getByRole('button', { name: 'Emailed' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'All' }) as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(screen.queryByText('INV-1001')).toBeNull(), { timeout: 5000 });
    expect(await screen.findByText('INV-1002')).toBeTruthy();
    await waitFor(() => expect(engine.invoicePage).toHaveBeenCalledWith(BUYER_SCOPE, 0, 'Emailed'));
    expect(localStorage.getItem(INVOICE_FILTER_KEY)).toBe('Emailed');

    first.unmount();
    renderApp('/app/invoices');
    await screen.findByText('INV-1002');
    expect((screen.getByRole('button', { name: 'Emailed' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('INV-1001')).toBeNull();
  });

  it("opens the validation errors panel from a row's icon, and 'Document extraction error.' for a missing document", async () => {
    await holdInvoices(db, [
      invoiceItem(1, {
        document: { ...invoiceItem(1).document!, validationErrors: { general: [{ error: 'Duplicate invoice' }], header: [{ error: 'PO not found' }], line: [{ error: 'Line 1: price differs' }] } },
      }),
      invoiceItem(2, { document: null }),
      invoiceItem(3),
    ]);
    invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices');

    expect(within(await rowOf('INV-1003')).queryByRole('button', { name: /^Validation errors of/ })).toBeNull();
    const icon = within(await rowOf('INV-1001')).getByRole('button', { name: 'Validation errors of INV-1001' });
    await userEvent.hover(icon);
    expect((await screen.findAllByText(messages.validationErrorsClick)).length).toBeGreaterThan(0);
    await userEvent.click(icon);
    const panel = await screen.findByRole('dialog', { name: messages.validationErrorsDetected });
    expect(within(panel).getAllByRole('heading').map((h) => h.textContent)).toEqual([messages.validationErrorsDetected, 'General', 'Header', 'Line']);
    expect(within(panel).getByText('Duplicate invoice')).toBeTruthy();
    expect(within(panel).getByText('PO not found')).toBeTruthy();
    expect(within(panel).getByText('Line 1: price differs')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const bare = (await screen.findByText(messages.documentWithExtractionProblems)).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(bare).getByRole('button', { name: /^Validation errors of/ }));
    const missing = await screen.findByRole('dialog', { name: messages.extractionError });
    expect(within(missing).getByText(messages.documentExtractionError)).toBeTruthy();
  });

  it('asks a support user to assume a buyer first', async () => {
    invoiceEngine();
    fakeApi(signedIn(supportPolicy, 'Portal Support'));
    renderApp('/app/invoices');
    expect(await screen.findByText('Please, assume the role of a buyer to see its invoices.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Invoices' })).toBeNull();
  });
});

describe('invoice detail', () => {
  it("shows 'No Data!' for an invoice the server does not know", async () => {
    invoiceEngine({ invoice: vi.fn(async () => ({ found: false })) });
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices/buyer-1/404');
    expect(await screen.findByText(messages.noData)).toBeTruthy();
  });

  it('marks an unread invoice read once, through the outbox, and shows its data, lines in sequence and totals', async () => {
    await holdInvoices(db, [invoiceItem(5, { read: false })]);
    invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices/buyer-1/5');

    expect(await screen.findByRole('heading', { name: 'Tax Invoice INV-1005' })).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]).toMatchObject({ kind: 'invoice.read', path: '/api/buyer/buyer-1/invoice/5/actions/read' });
    expect((await db.invoices.get([BUYER_SCOPE, '5']))?.read).toBe(true);

    expect(screen.getByText('AP10100')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PO-77' }).getAttribute('href')).toBe('/app/orders/buyer-1/order/77');
    const lines = within(screen.getByRole('table', { name: 'Invoice lines' })).getAllByRole('row').slice(1);
    expect(lines.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['A-1', 'B-2']);
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('1,658.25 AUD')).toBeTruthy();
    expect(within(totals).getByText('12.50 AUD')).toBeTruthy();
    expect(screen.getByText('Payment terms: 30 days.')).toBeTruthy();
    // Still one entry after everything settled: the mark is sent once.
    expect(await db.outbox.count()).toBe(1);
  });

  it('shows the email in a sandboxed frame when there is no PDF, and the Extraction Error drawer without a document', async () => {
    await holdInvoices(db, [
      invoiceItem(6, {
        document: null,
        message: { ...invoiceItem(6).message, htmlBody: '<p>Hello <b>buyer</b></p><script>parent.x = 1</script>' },
      }),
    ]);
    invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices/buyer-1/6');

    const frame = (await screen.findByTitle('Email body')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Hello <b>buyer</b>');
    expect(frame.getAttribute('srcdoc')).not.toContain('<script');
    expect(screen.getByText('Invoice 6 from Acme')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show Original Email' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: messages.extractionError }));
    const drawer = await screen.findByRole('dialog', { name: messages.extractionError });
    expect(within(drawer).getByText(messages.documentExtractionError)).toBeTruthy();
  });

  it('opens the validation errors, History and Show List drawers', async () => {
    await holdInvoices(db, [
      invoiceItem(7, { document: { ...invoiceItem(7).document!, validationErrors: { general: [], header: [{ error: 'PO not found' }], line: [] } } }),
      invoiceItem(8),
    ]);
    await db.history.bulkPut([
      { scope: BUYER_SCOPE, key: 'invoice:7|*|0', rev: 0, entityKey: 'invoice:7', view: '*', position: 0, date: '2026-10-21T10:00:00.000Z', action: 'Read', description: 'Invoice INV-1007 opened', user: 'Jane Doe', type: 'READ' },
    ]);
    const engine = invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices/buyer-1/7');

    await userEvent.click(await screen.findByRole('button', { name: messages.validationErrorsDetected }));
    const errors = await screen.findByRole('dialog', { name: messages.validationErrorsDetected });
    expect(within(errors).getByText('PO not found')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'Invoice History' });
    expect(within(history).getByText('Read')).toBeTruthy();
    expect(within(history).getByText('Jane Doe')).toBeTruthy();
    expect(engine.history).toHaveBeenCalledWith(BUYER_SCOPE, 'invoice', '7', undefined);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Show List' }));
    const list = await screen.findByRole('dialog', { name: 'Invoices' });
    expect(await within(list).findByText('INV-1008')).toBeTruthy();
  });

  it('disables Export on an invoice without a document and gives the reason with the button', async () => {
    await holdInvoices(db, [invoiceItem(10, { document: null })]);
    invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices/buyer-1/10');
    const exportButton = await screen.findByRole('button', { name: 'Export' });
    expect((exportButton as HTMLButtonElement).disabled).toBe(true);
    // The reason is read out with the button, not only shown beside it.
    expect(document.getElementById(exportButton.getAttribute('aria-describedby')!)?.textContent).toBe(messages.documentExtractionError);
  });

  it('disables Export offline and says why', async () => {
    await holdInvoices(db, [invoiceItem(9)]);
    invoiceEngine();
    fakeApi(signedIn(buyerPolicy));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/app/invoices/buyer-1/9');
    const exportButton = await screen.findByRole('button', { name: 'Export' });
    expect((exportButton as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Export needs a connection to the server.')).toBeTruthy();
  });

  it('shows the matching outcome beside the status; exporting an invoice with exceptions asks first', async () => {
    const lineError = 'Line 2 (AC-PIP-200): unit price 23.00 is not 22.50, the price ordered, within tolerance';
    const held = invoiceItem(12, { matching: { status: 'Exceptions', exceptions: 1 } });
    held.document = { ...held.document!, validationErrors: { general: [], header: [], line: [{ error: lineError }] } };
    await holdInvoices(db, [held, invoiceItem(13, { matching: { status: 'Matched', exceptions: 0 } })]);
    invoiceEngine();
    const api = fakeApi({
      ...signedIn(buyerPolicy),
      'POST /api/buyer/buyer-1/invoice/12/actions/export': { status: 202, body: { jobId: 60 } },
      'POST /api/buyer/buyer-1/invoice/13/actions/export': { status: 202, body: { jobId: 61 } },
    });
    const first = renderApp('/app/invoices/buyer-1/12');
    const outcome = await screen.findByText('Exceptions (1)');
    expect(outcome.previousElementSibling?.textContent).toBe('Matching');
    expect(outcome.closest('div')?.previousElementSibling?.textContent).toBe('Invoice StatusPending');
    await userEvent.click(screen.getByRole('button', { name: messages.validationErrorsDetected }));
    expect(await screen.findByText(lineError)).toBeTruthy();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/This invoice has 1 validation error\./)).toBeTruthy();
    expect(api.calls.some((c) => c.url.endsWith('/12/actions/export'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.calls.find((c) => c.url.endsWith('/12/actions/export'))?.body).toEqual({ confirmExceptions: true }));
    first.unmount();

    renderApp('/app/invoices/buyer-1/13');
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.calls.find((c) => c.url.endsWith('/13/actions/export'))).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.find((c) => c.url.endsWith('/13/actions/export'))?.body).toBeUndefined();
  });

  it("exports as a job: busy until the job is done, then the spec message; a failed job shows the partner's words", async () => {
    await holdInvoices(db, [invoiceItem(10), invoiceItem(11)]);
    invoiceEngine();
    const exported = { ...invoiceItem(10, { exported: true, veStatus: 'Exported', rev: 50 }) };
    const job = (jobId: number, state: string, error: string | null = null) => ({
      status: 200,
      body: { jobId, kind: 'edi-export', state, result: null, error, downloadUrl: null, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' },
    });
    let polls = 0;
    const api = fakeApi({
      ...signedIn(buyerPolicy),
      'POST /api/buyer/buyer-1/invoice/10/actions/export': { status: 202, body: { jobId: 7 } },
      'GET /api/org/buyer-1/job/7': () => (++polls === 1 ? job(7, 'running') : job(7, 'done')),
      'GET /api/buyer/buyer-1/invoice/10': { status: 200, body: exported },
      'POST /api/buyer/buyer-1/invoice/11/actions/export': { status: 202, body: { jobId: 8 } },
      'GET /api/org/buyer-1/job/8': job(8, 'failed', 'Export failed: The cXML endpoint answered 406 Not Acceptable: Unknown part'),
    });
    const first = renderApp('/app/invoices/buyer-1/10');
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/buyer/buyer-1/invoice/10/actions/export'));
    // The job runs: the button says so and nothing claims success yet.
    expect(await screen.findByRole('button', { name: 'Exporting…' })).toBeTruthy();
    expect(screen.queryByText(messages.invoiceExported)).toBeNull();
    expect(await screen.findByText(messages.invoiceExported, undefined, { timeout: 3000 })).toBeTruthy();
    // The Exported chip beside the title, and the status.
    await waitFor(() => expect(screen.getAllByText('Exported')).toHaveLength(2));
    expect((await db.invoices.get([BUYER_SCOPE, '10']))?.exported).toBe(true);
    first.unmount();

    renderApp('/app/invoices/buyer-1/11');
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    expect((await screen.findAllByText('Export failed: The cXML endpoint answered 406 Not Acceptable: Unknown part')).length).toBeGreaterThan(0);
  });
});
