import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { asnErrors } from '../../src/domain/rules/asn';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import type { AsnDraftRow, ServerAsnRow } from '../../src/sync/rows';
import { markFailed } from '../../src/sync/settle';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { buyerPolicy, signedIn, supplierPolicy } from './support/fixtures';
import { address, closeTestStore, fakeEngine, giveElementsASize, openTestStore, orderRow } from './support/orders-store';
import { renderApp } from './support/render-app';

const SCOPE = 'seller:seller-1';
let db: LocalDatabase;

const line = (scope: string, number: number, quantity: number, extra: Record<string, unknown> = {}) => ({
  scope,
  key: `1/${number}`,
  rev: 1,
  orderId: '1',
  id: 100 + number,
  number,
  supplierProductCode: `P-${number}`,
  description: `Product ${number}`,
  quantity,
  uom: 'EA',
  unitPrice: 12.5,
  priceCurreny: 'AUD',
  taxLine: 1.25,
  taxLineCurrency: 'AUD',
  lineComment: '',
  freeText: false,
  ...extra,
});

/** Order 1 with three lines; an earlier ASN shipped all of line 2 and 1.5 of line 3. */
async function seedOrder(scope = SCOPE) {
  await db.orders.put(orderRow(scope, 1));
  await db.orderLines.bulkPut([line(scope, 1, 5), line(scope, 2, 3), line(scope, 3, 4)]);
  await db.asns.put({
    scope,
    key: '50',
    rev: 2,
    id: 50,
    shipmentId: 'PO-1-S1',
    orderNumber: 'PO-1',
    createdDate: '2026-10-20T10:00:00.000Z',
    noticeDate: '2026-10-20',
    deliveryDate: '2026-10-25',
    shipmentDate: '2026-10-21',
    carrierName: 'Fast Freight',
    trackingId: 'TRK-1',
    shipTo: address('Science Store'),
    shipFrom: address('Acme Scientific'),
    lines: [
      { number: 2, quantity: 3, uom: 'EA' },
      { number: 3, quantity: 1.5, uom: 'EA' },
    ],
    orderId: 1,
    sellerId: 'seller-1',
    buyerId: 'buyer-1',
    exported: false,
    waitingForAction: true,
    state: 'SUBMITTED',
  });
}

async function openNewDraft() {
  await userEvent.click(await screen.findByRole('button', { name: 'ASNs' }, { timeout: 20_000 }));
  await userEvent.click(await screen.findByRole('button', { name: 'Add ASN' }));
  return screen.findByRole('form', { name: 'Advance ship notice' });
}

/** Order 1 seeded, the supplier signed in on it, and a new ASN draft open. */
async function newDraftOfSeededOrder() {
  await seedOrder();
  fakeEngine();
  fakeApi(signedIn(supplierPolicy));
  renderApp('/app/orders/seller-1/order/1');
  return openNewDraft();
}

async function storedDraft(): Promise<AsnDraftRow> {
  const drafts = (await db.asnDrafts.toArray()) as AsnDraftRow[];
  expect(drafts).toHaveLength(1);
  return drafts[0]!;
}

beforeEach(() => {
  db = openTestStore();
  giveElementsASize();
});

afterEach(async () => {
  await closeTestStore(db);
});

describe('ASNs of an order', () => {
  it('prefills a new ASN with what is left to ship and drops lines with nothing left', async () => {
    const form = await newDraftOfSeededOrder();
    expect(within(form).getByLabelText('Quantity of line 1')).toHaveProperty('value', '5.00');
    expect(within(form).getByLabelText('Quantity of line 3')).toHaveProperty('value', '2.50');
    expect(within(form).queryByLabelText('Quantity of line 2')).toBeNull();
    expect(within(form).getByLabelText('Quantity of line 1').getAttribute('inputmode')).toBe('decimal');
    // Ship To defaults to the order's Deliver To address, within the spec's lengths.
    await userEvent.click(within(form).getByRole('tab', { name: 'Ship To' }));
    expect(within(form).getByLabelText('Name')).toHaveProperty('value', 'Science Store');
    expect(within(form).getByLabelText('Country Code').getAttribute('maxlength')).toBe('2');
  });

  it("offers no new ASN for an order every line of which was shipped: 'Add ASN' is disabled with the reason", async () => {
    await seedOrder();
    // A second ASN shipped the rest of lines 1 and 3.
    const first = (await db.asns.get([SCOPE, '50'])) as ServerAsnRow;
    await db.asns.put({ ...first, key: '51', id: 51, shipmentId: 'PO-1-S2', lines: [{ number: 1, quantity: 5, uom: 'EA' }, { number: 3, quantity: 2.5, uom: 'EA' }] });
    fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders/seller-1/order/1');
    await userEvent.click(await screen.findByRole('button', { name: 'ASNs' }, { timeout: 20_000 }));
    const add = await screen.findByRole('button', { name: 'Add ASN' });
    await waitFor(() => expect(add).toHaveProperty('disabled', true));
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe(asnErrors.nothingLeftToShip);
    expect(await db.asnDrafts.count()).toBe(0);
  });

  it("keeps 'Add ASN' while something is left to ship", async () => {
    await seedOrder();
    fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders/seller-1/order/1');
    await userEvent.click(await screen.findByRole('button', { name: 'ASNs' }, { timeout: 20_000 }));
    const add = await screen.findByRole('button', { name: 'Add ASN' });
    expect(add).toHaveProperty('disabled', false);
    expect(add.getAttribute('aria-describedby')).toBeNull();
  });

  it('stores every edit of a draft in the browser as it is typed', async () => {
    const form = await newDraftOfSeededOrder();
    await userEvent.type(within(form).getByLabelText('Carrier Name'), 'Blue Line');
    await waitFor(async () => expect((await storedDraft()).asn.carrierName).toBe('Blue Line'));
    const quantity = within(form).getByLabelText('Quantity of line 1');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1.25');
    await waitFor(async () => expect((await storedDraft()).asn.lines).toEqual([
      { number: 1, quantity: 1.25, uom: 'EA' },
      { number: 3, quantity: 2.5, uom: 'EA' },
    ]));
    expect((await storedDraft()).state).toBe('draft');
  });

  it('shows the rule errors at the fields they concern', async () => {
    const form = await newDraftOfSeededOrder();
    const quantity = within(form).getByLabelText('Quantity of line 3');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));

    const shipped = within(form).getByLabelText('Shipped Date');
    expect(shipped.getAttribute('aria-invalid')).toBe('true');
    const describedBy = shipped.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(asnErrors.shipmentDateRequired);

    const q3 = within(form).getByLabelText('Quantity of line 3');
    expect(q3.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(q3.getAttribute('aria-describedby')!)?.textContent).toBe(asnErrors.quantityZero(3));
    expect(within(form).getByLabelText('Quantity of line 1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('moves the focus to an error summary at the submit button, whose links go to each field', async () => {
    const form = await newDraftOfSeededOrder();
    await userEvent.clear(within(form).getByLabelText('Issue Date'));
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));

    const summary = within(form).getByRole('group', { name: 'There are 2 errors to correct' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // Just before the status and the Submit button, under the lines.
    expect(summary.compareDocumentPosition(within(form).getByRole('button', { name: 'Submit' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual([asnErrors.shipmentDateRequired, asnErrors.issueDateRequired]);

    await userEvent.click(within(summary).getByRole('link', { name: asnErrors.issueDateRequired }));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Issue Date')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows an over-shipped quantity's error under the line's description, not in its quantity cell", async () => {
    const form = await newDraftOfSeededOrder();
    await userEvent.type(within(form).getByLabelText('Shipped Date'), '2026-11-02');
    const quantity = within(form).getByLabelText('Quantity of line 3');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '9');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));

    const overShipped = asnErrors.overShipped(3, 9, 2.5);
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(quantity.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe(overShipped);
    const row = within(form).getByRole('region', { name: 'ASN lines' }).querySelector('tbody tr:nth-child(2)')!;
    expect(within(row as HTMLElement).getByText('Product 3').closest('td')).toBe(message.closest('td'));
    expect(quantity.closest('td')?.textContent).toBe('');
    const summary = within(form).getByRole('group', { name: 'There is 1 error to correct' });
    expect(within(summary).getByRole('link', { name: overShipped })).toBeTruthy();
  });

  it("asks before 'Discard draft' throws a draft away, and keeps it when the user cancels", async () => {
    const form = await newDraftOfSeededOrder();
    await userEvent.type(within(form).getByLabelText('Carrier Name'), 'Blue Line');
    await waitFor(async () => expect((await storedDraft()).asn.carrierName).toBe('Blue Line'));

    await userEvent.click(within(form).getByRole('button', { name: 'Discard draft' }));
    let dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await storedDraft()).asn.carrierName).toBe('Blue Line');

    await userEvent.click(within(form).getByRole('button', { name: 'Discard draft' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await db.asnDrafts.count()).toBe(0));
  });

  it('asks for confirmation with the spec text, then queues the submit and locks the draft', async () => {
    const form = await newDraftOfSeededOrder();
    await userEvent.type(within(form).getByLabelText('Shipped Date'), '2026-11-02');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(messages.asnSubmitConfirm)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(async () => expect((await storedDraft()).state).toBe('submitting'));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'asn.submit', method: 'POST', path: '/api/seller/seller-1/buyer/buyer-1/asn' });
    expect(entry!.body).toMatchObject({ orderNumber: 'PO-1', shipmentDate: '2026-11-02', lines: [{ number: 1, quantity: 5 }, { number: 3, quantity: 2.5 }] });
    expect(await screen.findByText('Status: Waiting to be sent')).toBeTruthy();
    expect(within(form).getByLabelText('Carrier Name')).toHaveProperty('readOnly', true);
    expect(within(form).queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('brings a refused draft back editable with the server errors at the fields the server names', async () => {
    await seedOrder();
    const overShipped = asnErrors.overShipped(1, 5, 0);
    const cityTooLong = asnErrors.tooLong('Ship From city', 50);
    await db.asnDrafts.put({
      scope: SCOPE,
      key: 'd1',
      rev: 0,
      orderId: '1',
      state: 'draft',
      errors: [overShipped, cityTooLong],
      fieldErrors: [
        { field: 'line.1.quantity', message: overShipped },
        { field: 'shipFrom.postalAddressCity', message: cityTooLong },
      ],
      updatedAt: '2026-11-01T10:00:00.000Z',
      asn: {
        orderNumber: 'PO-1',
        noticeDate: '2026-11-01',
        shipmentDate: '2026-11-01',
        shipFrom: { postalAddressCity: 'c'.repeat(51) },
        lines: [{ number: 1, quantity: 5, uom: 'EA' }],
      },
    });
    fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders/seller-1/order/1');

    await userEvent.click(await screen.findByRole('button', { name: 'ASNs' }, { timeout: 20_000 }));
    await userEvent.click(await screen.findByRole('button', { name: /Edit ASN failed with errors/ }));
    const form = await screen.findByRole('form', { name: 'Advance ship notice' });
    const q1 = within(form).getByLabelText('Quantity of line 1');
    expect(q1.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(q1.getAttribute('aria-describedby')!)?.textContent).toBe(overShipped);
    expect(q1).toHaveProperty('readOnly', false);
    const city = within(form).getByLabelText('City');
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(city.getAttribute('aria-describedby')!)?.textContent).toBe(cityTooLong);
    // Placed at their fields, so not repeated as errors of the ASN as a whole.
    expect(within(form).queryByRole('alert', { name: 'ASN errors' })).toBeNull();
  });

  it('shows a refusal that names no fields (an older draft) as errors of the ASN', async () => {
    await seedOrder();
    await db.asnDrafts.put({
      scope: SCOPE,
      key: 'd1',
      rev: 0,
      orderId: '1',
      state: 'draft',
      errors: [messages.unknownOrder],
      updatedAt: '2026-11-01T10:00:00.000Z',
      asn: { orderNumber: 'PO-1', noticeDate: '2026-11-01', shipmentDate: '2026-11-01', lines: [{ number: 1, quantity: 5, uom: 'EA' }] },
    });
    fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders/seller-1/order/1');

    await userEvent.click(await screen.findByRole('button', { name: 'ASNs' }, { timeout: 20_000 }));
    await userEvent.click(await screen.findByRole('button', { name: /Edit ASN failed with errors/ }));
    const general = await screen.findByRole('alert', { name: 'ASN errors' });
    expect(general.textContent).toBe(messages.unknownOrder);
  });

  it('shows the refusal of a submit in the form it was submitted from', async () => {
    const form = await newDraftOfSeededOrder();
    await userEvent.type(within(form).getByLabelText('Shipped Date'), '2026-11-02');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Status: Waiting to be sent')).toBeTruthy();

    // Meanwhile line 1 shipped elsewhere: the server refuses, naming the field.
    const [entry] = await db.outbox.toArray();
    const overShipped = asnErrors.overShipped(1, 5, 0);
    await markFailed(asSyncDb(db), entry!.id, [overShipped], [{ field: 'line.1.quantity', message: overShipped }]);

    expect(await within(form).findByText('Status: Failed with errors')).toBeTruthy();
    const q1 = within(form).getByLabelText('Quantity of line 1');
    await waitFor(() => expect(q1.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(q1.getAttribute('aria-describedby')!)?.textContent).toBe(overShipped);
    expect(q1).toHaveProperty('readOnly', false);
    expect(within(form).getByLabelText('Quantity of line 3').getAttribute('aria-invalid')).toBeNull();
    expect((await storedDraft()).fieldErrors).toEqual([{ field: 'line.1.quantity', message: overShipped }]);
  });

  it('keeps an edit the page was reloaded on before the store had it', async () => {
    await seedOrder();
    const asn = { orderNumber: 'PO-1', noticeDate: '2026-11-01', shipmentDate: '', carrierName: 'Old', lines: [{ number: 1, quantity: 5, uom: 'EA' }] };
    await db.asnDrafts.put({ scope: SCOPE, key: 'd1', rev: 0, orderId: '1', state: 'draft', updatedAt: '2026-11-01T10:00:00.000Z', asn });
    // What the form left in sessionStorage when the page went away mid-write.
    sessionStorage.setItem(`asnDraftEdit:${SCOPE}:d1`, JSON.stringify({ ...asn, carrierName: 'Newer', shipmentDate: '2026-11-02' }));
    fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders/seller-1/order/1');

    await userEvent.click(await screen.findByRole('button', { name: 'ASNs' }, { timeout: 20_000 }));
    await waitFor(async () => expect((await storedDraft()).asn).toMatchObject({ carrierName: 'Newer', shipmentDate: '2026-11-02' }));
    await userEvent.click(await screen.findByRole('button', { name: /Edit ASN draft/ }));
    const form = await screen.findByRole('form', { name: 'Advance ship notice' });
    expect(within(form).getByLabelText('Carrier Name')).toHaveProperty('value', 'Newer');
    expect(within(form).getByLabelText('Shipped Date')).toHaveProperty('value', '2026-11-02');
    await waitFor(() => expect(sessionStorage.getItem(`asnDraftEdit:${SCOPE}:d1`)).toBeNull());
  });

  it('lists the ASNs for a buyer with a view button and no add button', async () => {
    await seedOrder('buyer:buyer-1');
    fakeEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/orders/buyer-1/order/1');

    await userEvent.click(await screen.findByRole('button', { name: 'ASNs' }, { timeout: 20_000 }));
    const table = await screen.findByRole('table', { name: 'ASNs' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Shipment Id',
      'Issue Date',
      'Expected Delivery Date',
      'Shipped Date',
      'Tracking ID',
      'Shipped To Whom',
      'Action',
    ]);
    expect(within(table).getByText('PO-1-S1')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'View ASN PO-1-S1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add ASN' })).toBeNull();
  });
});
