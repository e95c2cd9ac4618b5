import { describe, expect, it } from 'vitest';
import { DEMO_CXML_SECRET } from '../../server/db/demo/orgs';
import { orderRequestXml } from '../server/helpers/cxml-orders';
import { UI_WAIT_MS, waitUntil } from './pages/login-page';
import { OrderPage, OrdersListPage } from './pages/orders-page';
import { waitForServiceWorkerControl } from './support/browser';
import { DESKTOP, setUpJourneys } from './support/journeys';

const journeys = setUpJourneys({ ownServer: true });

/** The sync pulls at least every 30 s; a received order shows within the next pull. */
const NEXT_PULL_MS = 45_000;

describe("a buyer's procurement system posts an order", () => {
  it('shows in the supplier’s open order list, bold, without a reload, and opens offline afterwards', async () => {
    const page = await journeys.signedIn('supplier@acme.demo.test', '/app/orders', DESKTOP);
    const list = new OrdersListPage(page);
    await list.waitForRows();
    await waitForServiceWorkerControl(page);

    // The test is the buyer's system: Westmere's demo credential, to Acme Scientific, dated now so it heads the list.
    const orderId = `PO-E2E-${Date.now()}`;
    const now = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
    const xml = orderRequestXml({ system: 'ariba', payloadId: `${orderId}@e2e-buyer`, orderId, secret: DEMO_CXML_SECRET }).replaceAll(
      'orderDate="2026-11-20T10:15:00+11:00"',
      `orderDate="${now}"`,
    );
    const answer = await fetch(`${journeys.server.url}/cxml`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: xml });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(`Order ${orderId} received`);

    const row = list.table.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(`order ${orderId}, unread`) }) });
    await row.waitFor({ state: 'visible', timeout: NEXT_PULL_MS });
    expect(await row.getAttribute('data-bold')).toBe('true');

    await page.context().setOffline(true);
    await page.reload();
    await list.waitForRows();
    await row.getByRole('link').click();
    const view = new OrderPage(page);
    await view.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await waitUntil(async () => (await page.getByText('NOT-IN-CATALOGUE-9').count()) > 0, 'the order’s lines shown offline');
    await page.context().setOffline(false);
  });
});
