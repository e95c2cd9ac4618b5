import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_WAIT_MS } from './pages/login-page';
import { OrderPage } from './pages/orders-page';
import { SCREENS, setUpJourneys } from './support/journeys';

const SELLER = 'SUPACMESCI01';
const journeys = setUpJourneys();

interface ApiAsn {
  id: number;
  shipmentId: string;
  orderNumber: string;
  exported: boolean;
  waitingForAction: boolean;
}

/** A demo ASN still waiting to be exported whose one earlier export failed: its 'ASN Export Errors' drawer holds one row. */
async function asnWithOneExportError(page: Page): Promise<{ asn: ApiAsn; orderId: number }> {
  const asns = (await (await page.request.get(`/api/seller/${SELLER}/asn?limit=100`)).json()) as ApiAsn[];
  for (const asn of asns.filter((a) => !a.exported && a.waitingForAction)) {
    const failures = (await (await page.request.get(`/api/seller/${SELLER}/asn/${asn.id}/history?type=EXPORT_FAILED`)).json()) as unknown[];
    if (failures.length !== 1) continue;
    const orders = (await (await page.request.get(`/api/seller/${SELLER}/order?limit=20&orderNumberLike=${encodeURIComponent(asn.orderNumber)}`)).json()) as { id: number; orderNo: string }[];
    const order = orders.find((o) => o.orderNo === asn.orderNumber);
    if (order) return { asn, orderId: order.id };
  }
  throw new Error('The demo data has no ASN waiting for export with one export error');
}

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  return !!x && !!y && x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

describe("an export's error toast and the drawer it reports on", () => {
  for (const screen of SCREENS) {
    it(`the red toast never covers the only row of 'ASN Export Errors' at ${screen.name}`, async () => {
      const page = await journeys.signedIn('supplier@acme.demo.test', '/app/orders', screen);
      const { asn, orderId } = await asnWithOneExportError(page);
      // The partner's system is down: the server refuses to queue the export (the answer a real outage gives).
      const refusal = 'The export could not be started: the partner system is not reachable';
      await page.route(`**/api/seller/${SELLER}/asn/${asn.id}/actions/export`, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errors: [refusal] }) }),
      );
      const order = new OrderPage(page);
      await order.goto(SELLER, String(orderId));
      await order.openAsns();
      await order.asnTable.getByRole('button', { name: `View ASN ${asn.shipmentId}` }).click();
      await page.getByRole('button', { name: 'Export ASN' }).click();
      // By CSS, not by role: the modal drawer opened below hides what was on the page before it from the accessibility tree.
      const toast = page.locator('[role="alert"]', { hasText: refusal });
      await toast.waitFor({ state: 'visible', timeout: UI_WAIT_MS });

      await page.getByRole('button', { name: 'Export Errors' }).click();
      const drawer = page.getByRole('dialog', { name: 'ASN Export Errors' });
      const rows = drawer.getByRole('table', { name: 'ASN export errors' }).locator('tbody tr, [role="rowgroup"] [role="row"]');
      await rows.first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      expect(await rows.count()).toBe(1);
      expect(await toast.isVisible()).toBe(true);
      expect(await overlaps(toast, rows.first())).toBe(false);
      expect(await overlaps(toast, drawer)).toBe(false);
    }, 120_000);
  }
});
