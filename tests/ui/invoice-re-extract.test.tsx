import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { formatMessage, messages } from '../../src/domain/messages';
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
  localStorage.clear();
  await closeTestStore(db);
  vi.restoreAllMocks();
});

const engine = () => fakeEngine({ invoicePage: vi.fn(async () => ({ count: 0, full: false })), invoice: vi.fn(async () => ({ found: true })) });
const assumeBuyer = () => localStorage.setItem(STORAGE_KEYS.renderFor, JSON.stringify({ orgType: 'UNIVERSITY', orgId: 'buyer-1', companyName: 'Westmere' }));
const job = (state: string, result: unknown = null, error: string | null = null) => ({
  status: 200,
  body: { jobId: 90, kind: 'invoice-re-extract', state, result, error, downloadUrl: null, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' },
});

describe("support's 'Re-run extraction' of an invoice", () => {
  it('is not offered to the buyer, its admin included', async () => {
    await holdInvoices(db, [invoiceItem(20, { document: null })]);
    engine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/invoices/buyer-1/20');
    expect(await screen.findByRole('button', { name: 'History' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Re-run extraction/ })).toBeNull();
  });

  it('queues the job, says it runs until it is done, then shows the invoice read again', async () => {
    await holdInvoices(db, [invoiceItem(21, { document: null, title: messages.documentWithExtractionProblems })]);
    engine();
    assumeBuyer();
    const reRead = invoiceItem(21, { rev: 99 });
    let polls = 0;
    const api = fakeApi({
      ...signedIn(supportPolicy, 'Portal Support'),
      'POST /api/buyer/buyer-1/invoice/21/actions/re-extract': { status: 202, body: { jobId: 90 } },
      'GET /api/org/buyer-1/job/90': () => (++polls === 1 ? job('running') : job('done', { oiid: 21, documentId: reRead.document!.documentId })),
      'GET /api/buyer/buyer-1/invoice/21': { status: 200, body: reRead },
    });
    renderApp('/app/invoices/buyer-1/21');
    await userEvent.click(await screen.findByRole('button', { name: 'Re-run extraction' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/invoice/21/actions/re-extract'))).toBe(true));
    expect(await screen.findByRole('button', { name: 'Re-running extraction…' })).toBeTruthy();
    expect(await screen.findByText(formatMessage.reExtracted(reRead.document!.documentId), undefined, { timeout: 3000 })).toBeTruthy();
    await waitFor(async () => expect((await db.invoiceDocuments.get([BUYER_SCOPE, '21']))?.documentId).toBe(reRead.document!.documentId));
    expect(await screen.findByRole('button', { name: 'Re-run extraction' })).toBeTruthy();
  });

  it("shows the job's failure, and is disabled with the reason for an exported invoice", async () => {
    await holdInvoices(db, [invoiceItem(22, { document: null }), invoiceItem(23, { exported: true, veStatus: 'Exported' })]);
    engine();
    assumeBuyer();
    fakeApi({
      ...signedIn(supportPolicy, 'Portal Support'),
      'POST /api/buyer/buyer-1/invoice/22/actions/re-extract': { status: 409, body: { errors: [messages.reExtractNoDocument] } },
    });
    const first = renderApp('/app/invoices/buyer-1/22');
    await userEvent.click(await screen.findByRole('button', { name: 'Re-run extraction' }));
    expect((await screen.findAllByText(messages.reExtractNoDocument)).length).toBeGreaterThan(0);
    first.unmount();

    renderApp('/app/invoices/buyer-1/23');
    const button = await screen.findByRole('button', { name: 'Re-run extraction' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('re-extract-reason');
    expect(document.getElementById('re-extract-reason')?.textContent).toBe(messages.reExtractExported);
  });
});
