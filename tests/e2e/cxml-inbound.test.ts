import { describe, expect, it } from 'vitest';
import { DEMO_CXML_SECRET } from '../../server/db/demo/orgs';
import { messages } from '../../src/domain/messages';
import { orderRequestXml } from '../server/helpers/cxml-orders';
import { AccountsPage } from './pages/accounts-page';
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
    expect(await page.getByText(messages.freeTextLine).count()).toBeGreaterThan(0);
    await page.context().setOffline(false);
  });
});

describe("the account drawer's cXML inbound card", () => {
  it('support sees the credential with its secret only as set, adds an identity, and sees the last inbound requests', async () => {
    const page = await journeys.signedIn('support@demo.test', '/app/accounts', DESKTOP);
    const accounts = new AccountsPage(page);
    await accounts.table.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await accounts.filter('Westmere');
    await accounts.edit('University of Westmere');
    const drawer = accounts.drawer;
    await drawer.tab('Properties').click();
    const card = drawer.cxmlCard;
    await card.getByText(messages.cxmlSecretSet).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await card.getByLabel('Identity 1', { exact: true }).inputValue()).toBe('UNIWESTMERE1');
    expect(await card.getByLabel('Shared secret').inputValue()).toBe('');

    await card.getByRole('button', { name: 'Add identity' }).click();
    await card.getByLabel('Domain 2', { exact: true }).fill('DUNS');
    await card.getByLabel('Identity 2', { exact: true }).fill('742100118');
    await card.getByRole('button', { name: 'Save' }).click();
    await accounts.waitForMessage(messages.propertyModified);
    const stored = (await (await page.request.get('/api/org/UNIWESTMERE1/cxml-credential')).json()) as { identities: unknown[]; sharedSecretSet: boolean };
    expect(stored).toEqual({ identities: [{ domain: 'NetworkID', identity: 'UNIWESTMERE1' }, { domain: 'DUNS', identity: '742100118' }], sharedSecretSet: true });

    // The demo's orders came in as this buyer's OrderRequests: the log lists them.
    await drawer.cxmlLog.getByRole('cell', { name: /^200 Order PO-WM-/ }).first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  });
});
