import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { fieldErrors, formatMessage, messages } from '../../src/domain/messages';
import { mailsTo, latestRecoveryCode } from '../server/helpers/mailbox';
import { AccountsPage, UserCommunityPage } from './pages/accounts-page';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { OrdersListPage } from './pages/orders-page';
import { RecoveryPage } from './pages/recovery-page';
import { ShellPage } from './pages/shell-page';
import { ChangeRequestLog, localDatabaseName, readTable } from './pages/sync-status-page';
import { TermsPage } from './pages/terms-page';
import { launchBrowser, newContext, waitForServiceWorkerControl } from './support/browser';
import { startServer, type ServerHandle } from './support/server-process';

const SUPPORT = 'support@demo.test';
const ACME = { key: 'SUPACMESCI01', name: 'Acme Scientific' };
const NEW_PASSWORD = 'Quartz-lantern-92-harbour';
/** Valid for any property, ASN_CONTACT_EMAIL_LIST (an email list) included. */
const OFFLINE_VALUE = 'offline@acme.demo.test';

let browser: Browser;
// A server of its own: the journeys add and delete accounts and users.
let server: ServerHandle;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
  context = await newContext(browser, server.url);
  page = await openPage(context);
  await new LoginPage(page).signIn(SUPPORT, DEMO_PASSWORD);
  await new ShellPage(page).waitUntilShown();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const api = async <T>(path: string): Promise<T> => (await page.request.get(path)).json() as Promise<T>;

describe('account administration as support', () => {
  it('finds, adds (Save & New), edits, sets properties, EDI and UOM of an account, and deletes it', async () => {
    const accounts = new AccountsPage(page);
    const drawer = accounts.drawer;
    await accounts.goto();

    // Find by name: the local mirror filters as typed.
    await accounts.filter('acme');
    await waitUntil(async () => (await accounts.names()).join() === ACME.name, 'only Acme in the list');

    // Add one with Save & New: saved, and the form is empty again in new-account mode.
    await accounts.addButton.click();
    await drawer.root.waitFor({ state: 'visible' });
    expect(await drawer.save.isDisabled()).toBe(true);
    expect(await drawer.delete.isDisabled()).toBe(true);
    expect(await drawer.tab('Properties').isDisabled()).toBe(true);
    await drawer.fillBasic({ Name: 'Zeta Test Supplies', 'Default Email Address': 'not-an-email' });
    expect(await drawer.saveAndNew.isDisabled()).toBe(true);
    await drawer.fillBasic({ 'Default Email Address': 'orders@zeta.test', Suburb: 'Carlton', State: 'VIC', Postcode: '3053' });
    await drawer.saveAndNew.click();
    await accounts.waitForMessage(messages.recordSaved);
    expect(await drawer.field('Name').inputValue()).toBe('');
    expect(await drawer.delete.isDisabled()).toBe(true);
    await drawer.close();

    type ApiAccount = { uniqueKey: string; name: string; address2: string | null };
    let created: ApiAccount | undefined;
    await waitUntil(async () => {
      created = (await api<ApiAccount[]>('/api/org?nameLike=Zeta')).find((a) => a.name === 'Zeta Test Supplies');
      return created !== undefined;
    }, 'the new account on the server');
    expect(created!.uniqueKey).toHaveLength(12);

    // Edit it.
    await accounts.filter('Zeta');
    await accounts.edit('Zeta Test Supplies');
    await drawer.waitUntilIdle();
    await drawer.fillBasic({ Suburb: 'Fitzroy' });
    await drawer.save.click();
    await accounts.waitForMessage(messages.recordUpdated);
    await waitUntil(async () => (await api<ApiAccount[]>('/api/org?nameLike=Zeta'))[0]?.address2 === 'Fitzroy', 'the edit on the server');
    const key = created!.uniqueKey;

    // Properties: add and delete one of each list section.
    await drawer.waitUntilIdle();
    await drawer.tab('Properties').click();
    const basic = drawer.section('Basic Properties');
    await basic.add({ 'Property Name': 'E2E_PROP', 'Property Value': 'one' });
    await accounts.waitForMessage(messages.propertyAdded);
    const receiving = drawer.section('Receiving Email');
    await receiving.add({ Code: 'RX', 'Email Address or Pattern': '*@zeta.test' });
    const senders = drawer.section('Sender Source');
    await senders.add({ Identifier: 'zeta.test' });
    for (const [section, text] of [[basic, 'E2E_PROP'], [receiving, 'RX'], [senders, 'zeta.test']] as const) {
      await section.item(text).waitFor({ state: 'visible' });
    }
    await drawer.waitUntilIdle();
    await waitUntil(async () => (await api<unknown[]>(`/api/org/${key}/property`)).length === 1, 'the property on the server');
    for (const [section, name] of [[basic, 'E2E_PROP'], [receiving, 'RX'], [senders, 'zeta.test']] as const) {
      await drawer.waitUntilIdle();
      await section.startDelete(name);
      expect(await drawer.confirm()).toContain(formatMessage.propertyDeleteConfirm(name));
      await section.item(name).waitFor({ state: 'detached' });
    }
    await drawer.waitUntilIdle();
    for (const path of ['property', 'receiving-email', 'sending-email-domain']) {
      await waitUntil(async () => (await api<unknown[]>(`/api/org/${key}/${path}`)).length === 0, `${path} deleted on the server`);
    }

    // An EDI card with a password: stored by the server, never sent back nor kept in the browser.
    const invoice = drawer.ediCard('Invoice');
    await invoice.field('Type').selectOption('cXML');
    await invoice.field('Order Format').fill('1.5');
    expect(await invoice.save.isDisabled()).toBe(true);
    await invoice.field('Order Format').fill('2');
    await invoice.field('Endpoint').fill('https://edi.zeta.test/invoices');
    await invoice.field('User').fill('zeta');
    await invoice.field('Password').fill('Very-secret-9');
    await invoice.save.click();
    await drawer.waitUntilIdle();
    await waitUntil(async () => (await invoice.passwordState()).startsWith('A password is set'), 'the card saying a password is set');
    expect(await invoice.field('Password').inputValue()).toBe('');
    const answer = await (await page.request.get(`/api/org/${key}/edi-export`)).text();
    expect(answer).toContain('"passwordSet":true');
    expect(answer).not.toContain('Very-secret-9');
    const mirrored = JSON.stringify(await readTable(page, localDatabaseName(SUPPORT), 'ediExports'));
    expect(mirrored).not.toContain('Very-secret-9');

    // UOM mapping (a Supplier account): enabled once one code is typed.
    await drawer.tab('UOM Mapping').click();
    expect(await drawer.saveMapping.isDisabled()).toBe(true);
    await drawer.uomField('EA').fill('EACH-Z');
    await drawer.saveMapping.click();
    await accounts.waitForMessage(messages.uomMappingSaved);
    await waitUntil(async () => (await api<Record<string, string>>(`/api/seller/${key}/uom`)).EA === 'EACH-Z', 'the mapping on the server');

    // Delete the account.
    await drawer.tab('Basic Info').click();
    await drawer.waitUntilIdle();
    await drawer.delete.click();
    expect(await drawer.confirm()).toContain(messages.accountDeleteConfirm);
    await accounts.waitForMessage(messages.recordDeleted);
    await waitUntil(async () => (await api<ApiAccount[]>('/api/org?nameLike=Zeta')).length === 0, 'the account deleted on the server');
  });

  it("assumes the supplier's role, sees its orders, and stops assuming with its own message", async () => {
    const accounts = new AccountsPage(page);
    const shell = new ShellPage(page);
    await accounts.goto();
    await accounts.filter('Acme');
    await accounts.assumeButton(ACME.name).click();
    await accounts.waitForMessage(messages.identityAssumed);
    await waitUntil(async () => (await shell.companyNameText()) === ACME.name, 'the top bar viewing as Acme');
    expect(await shell.menuLabels()).toContain('Pricelists');
    const orders = new OrdersListPage(page);
    await orders.goto();
    await orders.waitForRows();

    await shell.chooseFromAccountMenu('Stop assuming');
    await accounts.waitForMessage(messages.identityReleased);
    await waitUntil(async () => (await shell.companyNameText()) !== ACME.name, 'back to support');
  });

  it('adds a user who is mailed how to choose a password, and then signs in with it', async () => {
    // Its own address each attempt: a retry must not find the first attempt's user.
    const email = `new.person.${Date.now()}@acme.demo.test`;
    const community = new UserCommunityPage(page);
    const accounts = new AccountsPage(page);
    await accounts.goto();
    await accounts.filter('Acme');
    await accounts.usersLink(ACME.name).click();
    await community.waitUntilShown();
    await community.addUser({ firstName: 'New', lastName: 'Person', email });
    await accounts.waitForMessage(messages.userSaved);
    await waitUntil(async () => mailsTo(server.dataDir, email).length > 0, 'the welcome mail');
    expect(mailsTo(server.dataDir, email)[0]!.text).toContain(`Your username is ${email}`);

    const other = await newContext(browser, server.url);
    try {
      const newcomer = await openPage(other);
      const login = new LoginPage(newcomer);
      await login.goto('/');
      await login.username.fill(email);
      await login.forgotPasswordButton.click();
      const recovery = new RecoveryPage(newcomer);
      await recovery.waitUntilShown();
      const before = mailsTo(server.dataDir, email).length;
      await recovery.requestCode();
      await waitUntil(async () => mailsTo(server.dataDir, email).length > before, 'the code mail');
      await recovery.fillReset(latestRecoveryCode(server.dataDir, email), NEW_PASSWORD);
      await recovery.resetButton.click();
      await waitUntil(async () => (await recovery.statusTexts()).includes(messages.passwordReset), 'the password-reset notice');
      await recovery.loginButton.click();
      await login.signIn(email, NEW_PASSWORD);
      await new TermsPage(newcomer).waitUntilShown();
    } finally {
      await other.close();
    }
  });

  it('offline: a property edit shows at once, and after reconnecting is applied once', async () => {
    const accounts = new AccountsPage(page);
    const drawer = accounts.drawer;
    const log = new ChangeRequestLog(context);
    await accounts.goto();
    await accounts.filter('Acme');
    await accounts.edit(ACME.name);
    await drawer.tab('Properties').click();
    const basic = drawer.section('Basic Properties');
    await basic.list.getByRole('listitem').first().waitFor({ state: 'visible' });
    const name = ((await basic.list.getByRole('listitem').first().locator('strong').textContent()) ?? '').trim();

    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await basic.startEdit(name);
    await basic.field('Property Value').fill(OFFLINE_VALUE);
    await basic.saveButton.click();
    await accounts.waitForMessage(messages.propertyModified);
    await basic.item(OFFLINE_VALUE).waitFor({ state: 'visible' });
    // Queued offline, the change does not cover the drawer: it says it waits.
    await drawer.waiting.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await drawer.busy.isVisible()).toBe(false);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await drawer.waitUntilIdle();
    type Prop = { orgPropertyNo: number; property: string; value: string };
    const props = await api<Prop[]>(`/api/org/${ACME.key}/property?limit=100`);
    const edited = props.find((p) => p.property === name)!;
    expect(edited.value).toBe(OFFLINE_VALUE);
    const puts = log.calls.filter((c) => c.method === 'PUT' && c.path === `/api/org/${ACME.key}/property/${edited.orgPropertyNo}`);
    // Sent as one outbox entry: however often it was tried, one idempotency key, so applied once.
    expect(puts.length).toBeGreaterThan(0);
    expect(new Set(puts.map((c) => c.idempotencyKey)).size).toBe(1);
    log.stop();
  }, UI_WAIT_MS * 3);

  it("offline: a new account's properties and UOM mapping are queued at once, no password is taken, and reconnecting applies them after the account; a refused one comes back to its form", async () => {
    const accounts = new AccountsPage(page);
    const drawer = accounts.drawer;
    await accounts.goto();
    // The standard units are seen once online (a supplier's UOM Mapping tab), so they open offline.
    await accounts.filter('Acme');
    await accounts.edit(ACME.name);
    await drawer.tab('UOM Mapping').click();
    await drawer.uomField('EA').waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await drawer.close();
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    try {
      await accounts.addButton.click();
      await drawer.root.waitFor({ state: 'visible' });
      await drawer.fillBasic({ Name: 'Offline Queued Pty' });
      await drawer.save.click();
      await accounts.waitForMessage(messages.recordSaved);
      await waitUntil(async () => !(await drawer.tab('Properties').isDisabled()), 'the Properties tab of the queued account');
      await drawer.tab('Properties').click();
      const basic = drawer.section('Basic Properties');
      await basic.add({ 'Property Name': 'OFFLINE_PROP', 'Property Value': 'q1' });
      await basic.item('q1').waitFor({ state: 'visible' });
      // The same name again: the server will refuse it.
      await basic.add({ 'Property Name': 'OFFLINE_PROP', 'Property Value': 'q2' });
      await basic.item(messages.propertyConflict).first().waitFor({ state: 'visible' });
      const invoice = drawer.ediCard('Invoice');
      await invoice.field('Type').selectOption('cXML');
      expect(await invoice.field('Password').isDisabled()).toBe(true);
      expect(await invoice.passwordState()).toContain(messages.ediPasswordOnlineOnly);
      await drawer.tab('UOM Mapping').click();
      await drawer.uomField('EA').fill('EACH-OFF');
      await drawer.saveMapping.click();
      await drawer.waiting.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    } finally {
      await context.setOffline(false);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await drawer.waitUntilIdle();

    type ApiAccount = { uniqueKey: string; name: string };
    const [created] = await api<ApiAccount[]>('/api/org?nameLike=Offline%20Queued');
    expect(created?.name).toBe('Offline Queued Pty');
    const key = created!.uniqueKey;
    type Prop = { property: string; value: string };
    expect((await api<Prop[]>(`/api/org/${key}/property`)).map((p) => [p.property, p.value])).toEqual([['OFFLINE_PROP', 'q1']]);
    expect((await api<Record<string, string>>(`/api/seller/${key}/uom`)).EA).toBe('EACH-OFF');

    // The refused duplicate comes back into its section's form, with the server's error.
    await drawer.tab('Properties').click();
    const basic = drawer.section('Basic Properties');
    await drawer.refusal('Basic Properties not saved').getByText(fieldErrors.propertyExists('OFFLINE_PROP')).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await basic.field('Property Value').inputValue()).toBe('q2');
    // Online with nothing waiting, a password may be typed again.
    const invoice = drawer.ediCard('Invoice');
    await invoice.field('Type').selectOption('cXML');
    expect(await invoice.field('Password').isDisabled()).toBe(false);
  }, UI_WAIT_MS * 4);
});
