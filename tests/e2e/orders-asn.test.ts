import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { UI_WAIT_MS, waitUntil } from './pages/login-page';
import { OrderPage, OrdersListPage } from './pages/orders-page';
import { waitForServiceWorkerControl, type ContextOptions } from './support/browser';
import { TABLET_PORTRAIT, setUpJourneys } from './support/journeys';

const SELLER = 'SUPACMESCI01';
const journeys = setUpJourneys({ ownServer: true });
const signedIn = (email: string, screen: ContextOptions = TABLET_PORTRAIT) => journeys.signedIn(email, '/app/orders', screen);

interface ApiOrder {
  id: number;
  orderNo: string;
  state: string;
  buyerId: string;
}
interface ApiAsn {
  carrierName: string;
  lines: Array<{ number: number; quantity: number }>;
}

/** An order of the demo supplier with something left to ship and no ASN yet, skipping those other journeys took. */
async function freshOrder(page: Page, skip: number): Promise<ApiOrder> {
  const orders = (await (await page.request.get(`/api/seller/${SELLER}/order?limit=100`)).json()) as ApiOrder[];
  const candidates: ApiOrder[] = [];
  for (const order of orders) {
    if (order.state === 'Cancelled' || order.state === 'Shipped' || order.state === 'Partially Shipped') continue;
    const asns = (await (await page.request.get(`/api/seller/${SELLER}/asn?orderNumber=${encodeURIComponent(order.orderNo)}`)).json()) as unknown[];
    if (asns.length === 0) candidates.push(order);
    if (candidates.length > skip) break;
  }
  const order = candidates[skip];
  if (!order) throw new Error('The demo data has no order left to ship');
  return order;
}

const asnsOf = async (page: Page, orderNo: string) =>
  (await (await page.request.get(`/api/seller/${SELLER}/asn?orderNumber=${encodeURIComponent(orderNo)}`)).json()) as ApiAsn[];

describe('orders and ASNs on a tablet', () => {
  it('drafts an ASN offline, keeps it over reloads, submits it offline and sends it once when back online', async () => {
    const page = await signedIn('supplier@acme.demo.test');
    const list = new OrdersListPage(page);
    await list.waitForRows();
    const order = await freshOrder(page, 0);
    const view = new OrderPage(page);
    await view.goto(SELLER, String(order.id));
    await waitForServiceWorkerControl(page);

    await page.context().setOffline(true);
    await page.reload();
    await view.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await view.openAsns();
    await view.addAsnButton.click();
    await view.carrierName.fill('Offline Freight');
    await view.shippedDate.fill('2026-11-02');
    const prefilled = await view.asnForm.getByLabel(/^Quantity of line/).evaluateAll((inputs) =>
      inputs.map((i) => ({ label: i.getAttribute('aria-label') ?? '', value: (i as HTMLInputElement).value })),
    );
    expect(prefilled.length).toBeGreaterThan(0);
    await view.carrierName.blur();

    await page.reload();
    await view.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await view.openAsns();
    await view.draftButton(/draft/).click();
    expect(await view.carrierName.inputValue()).toBe('Offline Freight');

    expect(await view.submitConfirmed()).toContain(messages.asnSubmitConfirm);
    await waitUntil(async () => (await view.status.textContent()) === 'Status: Waiting to be sent', 'the submit waits to be sent');
    expect(await asnsOf(page, order.orderNo)).toHaveLength(0);

    await page.context().setOffline(false);
    await waitUntil(async () => (await asnsOf(page, order.orderNo)).length > 0, 'the queued ASN reaches the server');
    // Give a duplicate send the chance to show before counting.
    await page.getByText(messages.asnSaved).waitFor({ state: 'visible', timeout: UI_WAIT_MS }).catch(() => undefined);
    const sent = await asnsOf(page, order.orderNo);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.carrierName).toBe('Offline Freight');
    expect(sent[0]!.lines.map((l) => `Quantity of line ${l.number}=${l.quantity.toFixed(2)}`)).toEqual(
      prefilled.map((p) => `${p.label}=${p.value}`),
    );
  });

  it('brings a queued ASN back as an editable draft with the errors when the server refuses it', async () => {
    const page = await signedIn('supplier@acme.demo.test');
    await new OrdersListPage(page).waitForRows();
    const order = await freshOrder(page, 1);
    const view = new OrderPage(page);
    await view.goto(SELLER, String(order.id));
    await view.openAsns();
    await view.addAsnButton.click();
    await view.shippedDate.fill('2026-11-03');
    await view.carrierName.fill('Late Freight');
    await view.carrierName.blur();
    const lines = await view.asnForm.getByLabel(/^Quantity of line/).evaluateAll((inputs) =>
      inputs.map((i) => ({ number: Number((i.getAttribute('aria-label') ?? '').replace(/\D+/g, '')), quantity: Number((i as HTMLInputElement).value) })),
    );

    await page.context().setOffline(true);
    // Meanwhile another ASN ships the same quantities.
    const other = await page.request.post(`/api/seller/${SELLER}/buyer/${order.buyerId}/asn`, {
      data: { orderNumber: order.orderNo, noticeDate: '2026-11-01', shipmentDate: '2026-11-01', carrierName: 'Elsewhere', lines },
    });
    expect(other.status()).toBe(201);
    await view.submitConfirmed();
    await waitUntil(async () => (await view.status.textContent()) === 'Status: Waiting to be sent', 'the submit waits to be sent');

    await page.context().setOffline(false);
    await waitUntil(async () => (await view.status.textContent()) === 'Status: Failed with errors', 'the refused draft comes back');
    const first = view.quantity(lines[0]!.number);
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    expect(await first.getAttribute('readonly')).toBeNull();
    expect(await asnsOf(page, order.orderNo)).toHaveLength(1);
  });

  it('shows a buyer the Supplier column and the ASNs without an add button', async () => {
    const page = await signedIn('buyer@uni.demo.test');
    const list = new OrdersListPage(page);
    await list.waitForRows();
    // On a portrait tablet the buyer's five columns fit side by side: none is stacked into the first cell.
    const headers = await list.columnHeaders.allTextContents();
    const stacked = await list.table.getByRole('row').nth(1).locator('dt:visible').allTextContents();
    expect(headers.slice(0, 2)).toEqual(['Order Date', 'Order Total']);
    expect(stacked).toEqual([]);
    expect([...headers].sort()).toEqual(['Order Date', 'Order Total', 'Raised By User', 'State', 'Supplier']);
    await list.rowLinks.first().click();
    const view = new OrderPage(page);
    await view.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await view.openAsns();
    expect(await view.addAsnButton.count()).toBe(0);
  });

  it('asks support without an assumed role to assume one', async () => {
    const page = await signedIn('support@demo.test');
    await page.getByText(messages.assumeRoleForOrders).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await page.getByRole('table', { name: 'Orders' }).count()).toBe(0);
  });
});
