import type { APIRequestContext, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { OUTBOX_PUSH_PATH, outboxPushSchema } from '../../../src/domain/schemas/sync';
import { UI_WAIT_MS, waitUntil } from './login-page';

/**
 * The top bar's sync status (role=status "Sync status"): Online/Offline, "N changes
 * waiting", "Synced hh:mm", and the "Changes not sent" button.
 */
export class SyncStatusBar {
  readonly region: Locator;
  readonly online: Locator;
  readonly offline: Locator;
  readonly waiting: Locator;
  readonly synced: Locator;
  readonly changesNotSent: Locator;
  /** "3.5 MB of 10 GB used": the offline data against the browser's quota (wide screens only). */
  readonly storageUse: Locator;

  constructor(readonly page: Page) {
    // includeHidden: a modal drawer hides the rest of the page from assistive technology, not from view.
    this.region = page.getByRole('status', { name: 'Sync status', includeHidden: true });
    this.online = this.region.getByText('Online', { exact: true });
    // Offline shows in the status, or (after a start without the server) as the top bar's own badge.
    this.offline = page.getByRole('banner', { includeHidden: true }).getByText('Offline', { exact: true }).first();
    this.waiting = this.region.getByText(/^\d+ changes? waiting$/);
    this.synced = this.region.getByText(/^Synced /);
    this.changesNotSent = this.region.getByRole('button', { name: /^Changes not sent/ });
    this.storageUse = this.region.getByTestId('storage-use');
  }

  async text(): Promise<string> {
    return ((await this.region.textContent({ timeout: 5000 })) ?? '').replace(/\s+/g, ' ').trim();
  }

  /** What the page shows, for failure messages: read from the DOM, whatever the accessibility tree says. */
  async describe(): Promise<string> {
    return this.page
      .evaluate(() => {
        const regions = [...document.querySelectorAll('[role="status"][aria-label="Sync status"]')];
        return `${regions.length} status region(s): ${regions.map((r) => `"${r.textContent ?? ''}"`).join(', ')}; url ${location.pathname}`;
      })
      .catch((error: unknown) => `page not readable: ${String(error)}`);
  }

  /** The "N changes waiting" count; 0 when the status does not show it. */
  async pendingCount(): Promise<number> {
    // One read that does not wait: read after a count, a text gone meanwhile (the count reaching 0) was waited for in vain.
    const [text = ''] = await this.waiting.allTextContents();
    return Number(/^(\d+)/.exec(text.trim())?.[1] ?? 0);
  }

  async waitForPendingCount(expected: number, timeoutMs = UI_WAIT_MS): Promise<void> {
    let last = -1;
    await waitUntil(
      async () => (last = await this.pendingCount()) === expected,
      () => `the status to show ${expected} change(s) waiting (it shows ${last})`,
      timeoutMs,
    ).catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}; ${await this.describe()}`);
    });
  }

  async waitUntilOnlineAndSynced(timeoutMs = UI_WAIT_MS): Promise<void> {
    await this.online.waitFor({ state: 'visible', timeout: timeoutMs });
    await this.synced.waitFor({ state: 'visible', timeout: timeoutMs });
  }

  async waitUntilOffline(timeoutMs = UI_WAIT_MS): Promise<void> {
    await this.offline.waitFor({ state: 'visible', timeout: timeoutMs });
  }
}

/** The warning the account menu's Logout shows while changes still wait to be sent. */
export class SignOutWarning {
  readonly dialog: Locator;
  readonly signOutAnyway: Locator;
  readonly staySignedIn: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('alertdialog', { name: 'Sign out with unsent changes?' });
    this.signOutAnyway = this.dialog.getByRole('button', { name: 'Sign out anyway' });
    this.staySignedIn = this.dialog.getByRole('button', { name: 'Stay signed in' });
  }
}

/**
 * The orders screens as the offline journeys use them: the list (PO# filter, links
 * named "<date> order <PO>"), an order's detail and its ASN drawer.
 */
export class OfflineOrders {
  readonly poFilter: Locator;
  readonly ordersTable: Locator;
  readonly orderLinks: Locator;
  readonly asnDrawer: Locator;
  readonly asnForm: Locator;

  constructor(readonly page: Page) {
    this.poFilter = page.getByLabel('PO#', { exact: true });
    this.ordersTable = page.getByRole('table', { name: 'Orders' });
    this.orderLinks = this.ordersTable.getByRole('link');
    this.asnDrawer = page.getByRole('dialog', { name: 'Advance Ship Notices' });
    this.asnForm = this.asnDrawer.getByRole('form', { name: 'Advance ship notice' });
  }

  /** Opens the order list through the side menu (in-app navigation, no page load). */
  async openListFromMenu(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await this.waitForRows();
  }

  async waitForRows(minimum = 1): Promise<void> {
    await this.ordersTable.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await waitUntil(async () => (await this.orderLinks.count()) >= minimum, `the order list to show at least ${minimum} order(s)`);
  }

  orderLink(orderNo: string): Locator {
    return this.ordersTable.getByRole('link', { name: new RegExp(` order ${orderNo.replace(/[-]/g, '\\-')}(,|$)`) });
  }

  /** Filters the list by PO number and opens the order from its row, as a user would. */
  async openFromList(orderNo: string): Promise<void> {
    await this.poFilter.fill(orderNo);
    await this.orderLink(orderNo).click();
    await this.waitForOrder(orderNo);
  }

  heading(orderNo: string): Locator {
    return this.page.getByRole('heading', { name: `Order ${orderNo}`, exact: true });
  }

  /** The detail shows the order with its lines table. */
  async waitForOrder(orderNo: string): Promise<void> {
    await this.heading(orderNo).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await this.page.getByRole('cell').first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** True when the list row of the order is marked unread. */
  async isUnreadInList(orderNo: string): Promise<boolean> {
    const name = (await this.orderLink(orderNo).textContent()) ?? '';
    return name.includes('unread');
  }

  async openAsnDrawer(): Promise<void> {
    await this.page.getByRole('toolbar', { name: 'Order actions' }).getByRole('button', { name: 'ASNs', exact: true }).click();
    await this.asnDrawer.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  async closeAsnDrawer(): Promise<void> {
    await this.asnDrawer.getByRole('button', { name: 'Close', exact: true }).click();
    await this.asnDrawer.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
  }

  /** Adds an ASN (prefilled with what is left to ship) and fills the fields the rules ask for. */
  async addAsn(fields: { shipmentDate: string; carrierName: string; trackingId: string }): Promise<void> {
    await this.asnDrawer.getByRole('button', { name: 'Add ASN', exact: true }).click();
    await this.asnForm.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await this.asnForm.getByLabel('Shipped Date', { exact: true }).fill(fields.shipmentDate);
    await this.asnForm.getByLabel('Carrier Name', { exact: true }).fill(fields.carrierName);
    await this.asnForm.getByLabel('Tracking ID', { exact: true }).fill(fields.trackingId);
    // Leaving a field saves the draft at once.
    await this.asnForm.getByLabel('Order Number', { exact: true }).click();
  }

  /** Submit, then confirm; the form turns read-only and says the ASN waits to be sent (or it went at once). */
  async submitAsn(): Promise<void> {
    await this.asnForm.getByRole('button', { name: 'Submit', exact: true }).click();
    const confirm = this.page.getByRole('alertdialog', { name: 'Submit ASN' });
    await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
    await confirm.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
  }

  async backToAsnList(): Promise<void> {
    await this.asnDrawer.getByRole('button', { name: 'Back to ASN list', exact: true }).click();
    await this.asnDrawer.getByRole('table', { name: 'ASNs' }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** The first cell of each row of the ASN list: "Draft", "Waiting to be sent", or a shipment id. */
  async asnListStatuses(): Promise<string[]> {
    const table = this.asnDrawer.getByRole('table', { name: 'ASNs' });
    await table.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    // The first cell's own text: on a narrow drawer it also holds the stacked low-priority columns (a dl).
    return table
      .locator('tbody tr td:first-child')
      .evaluateAll((cells) => cells.map((cell) => [...cell.childNodes].filter((n) => n.nodeName !== 'DL').map((n) => n.textContent ?? '').join('').trim()));
  }
}

/** What the browser holds locally, read straight from IndexedDB (no app code involved). */
export async function localDatabaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
}

export interface StoredOutboxEntry {
  id: string;
  kind: string;
  state: string;
  method: string;
  path: string;
  body: unknown;
}

/** The outbox of a local database, oldest first; opening it never creates or upgrades it. */
export async function readOutbox(page: Page, dbName: string): Promise<StoredOutboxEntry[]> {
  return page.evaluate(
    (name) =>
      new Promise<StoredOutboxEntry[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            const rows = all.result as Array<StoredOutboxEntry & { seq: number }>;
            resolve(rows.sort((a, b) => a.seq - b.seq));
          };
        };
      }),
    dbName,
  );
}

/** Every row of a mirrored table of a local database, as stored. */
export async function readTable(page: Page, dbName: string, table: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    ([name, store]) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction(store).objectStore(store).getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve(all.result as Record<string, unknown>[]);
          };
        };
      }),
    [dbName, table] as const,
  );
}

export const localDatabaseName = (username: string) => `portal:${username}`;

/**
 * Records the mutating API calls the browser makes (window, workers and service worker
 * alike). A batch of outbox entries (`POST /api/sync/outbox`) counts as the calls it
 * carries, each to its own path with its id as the Idempotency-Key.
 */
export class ChangeRequestLog {
  readonly calls: Array<{ method: string; path: string; idempotencyKey: string | undefined }> = [];
  private readonly listener = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || !url.pathname.startsWith('/api/')) return;
    if (url.pathname === OUTBOX_PUSH_PATH) {
      const { entries } = outboxPushSchema.parse(request.postDataJSON());
      for (const e of entries) this.calls.push({ method: e.method, path: new URL(e.path, url).pathname, idempotencyKey: e.id });
      return;
    }
    this.calls.push({ method: request.method(), path: url.pathname, idempotencyKey: request.headers()['idempotency-key'] });
  };

  constructor(readonly context: BrowserContext) {
    context.on('request', this.listener);
  }

  stop(): void {
    this.context.off('request', this.listener);
  }

  to(path: string): Array<{ method: string; path: string; idempotencyKey: string | undefined }> {
    return this.calls.filter((c) => c.path === path);
  }
}

export interface ServerOrder {
  id: number;
  orderNo: string;
  state: string;
  read: boolean;
  buyerId: string;
}

export interface ServerAsn {
  id: number;
  shipmentId: string;
  orderNumber: string;
  trackingId: string;
  carrierName: string;
  lines: Array<{ number: number; quantity: number; uom?: string }>;
}

/**
 * The server's view, through the API with the browser's session cookie. Only calls
 * that change nothing: the order LIST (opening an order's detail marks it read).
 */
export class ServerView {
  constructor(
    readonly request: APIRequestContext,
    readonly sellerId: string,
  ) {}

  private async json<T>(path: string): Promise<T> {
    const res = await this.request.get(path);
    if (!res.ok()) throw new Error(`GET ${path} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Every order of the supplier (the list pages through at most 100 a time). */
  async orders(): Promise<ServerOrder[]> {
    const all: ServerOrder[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await this.json<ServerOrder[]>(`/api/seller/${this.sellerId}/order?limit=100&offset=${offset}`);
      all.push(...page);
      if (page.length < 100) return all;
    }
  }

  async order(orderNo: string): Promise<ServerOrder> {
    const found = (await this.json<ServerOrder[]>(`/api/seller/${this.sellerId}/order?orderNumberLike=${encodeURIComponent(orderNo)}`)).find(
      (o) => o.orderNo === orderNo,
    );
    if (!found) throw new Error(`The server has no order ${orderNo}`);
    return found;
  }

  async asnsOf(orderNo: string): Promise<ServerAsn[]> {
    return this.json<ServerAsn[]>(`/api/seller/${this.sellerId}/asn?limit=100&orderNumber=${encodeURIComponent(orderNo)}`);
  }

  async historyCount(orderId: number, type: string): Promise<number> {
    return (await this.json<unknown[]>(`/api/seller/${this.sellerId}/order/${orderId}/history?type=${type}`)).length;
  }
}

/**
 * Names the steps of a long journey, so a failure (or a test timeout) says where it
 * stopped; `fail` saves a screenshot under test-results/ with the step in its name.
 */
export class JourneySteps {
  private current = 'start';
  private readonly started = Date.now();

  constructor(readonly name: string) {}

  step(what: string): void {
    this.current = what;
    if (process.env.E2E_VERBOSE) console.log(`[${this.name}] +${Math.round((Date.now() - this.started) / 1000)}s ${what}`);
  }

  async fail(page: Page | undefined, error: unknown): Promise<never> {
    const slug = `${this.name}-${this.current}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
    await page?.screenshot({ path: `test-results/${slug}.png` }).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`[${this.name}] failed at "${this.current}": ${message}`, { cause: error });
  }
}

/** Counts the window's calls of navigator.storage.persist(); install before the app loads. */
export async function countPersistRequests(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const storage = navigator.storage as StorageManager | undefined;
    if (!storage?.persist) return;
    const persist = storage.persist.bind(storage);
    (window as unknown as { persistRequests: number }).persistRequests = 0;
    storage.persist = () => {
      (window as unknown as { persistRequests: number }).persistRequests += 1;
      return persist();
    };
  });
}

export async function persistRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { persistRequests?: number }).persistRequests ?? 0);
}
