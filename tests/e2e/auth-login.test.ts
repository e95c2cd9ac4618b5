import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/demo/orgs';
import { messages } from '../../src/domain/messages';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { launchBrowser, newContext } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A user no other journey signs in with, so its failed attempt touches nobody else.
const user = DEMO_USERS.find((u) => u.email === 'buyer@northgate.demo.test')!;

describe('login', () => {
  it('needs username, password and the human check; a wrong password is refused; Enter submits', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      const login = new LoginPage(page);
      const shell = new ShellPage(page);
      await login.goto('/app/orders');

      // Nothing filled: neither Login nor Forgot Password.
      expect(await login.loginButton.isDisabled()).toBe(true);
      expect(await login.forgotPasswordButton.isDisabled()).toBe(true);

      await login.username.fill(user.email);
      expect(await login.forgotPasswordButton.isEnabled()).toBe(true);
      expect(await login.loginButton.isDisabled()).toBe(true);

      await login.password.fill('not-the-password-1');
      expect(await login.loginButton.isDisabled()).toBe(true);

      await login.solveHumanCheck();
      await waitUntil(() => login.loginButton.isEnabled(), 'Login enabled once all three are there');

      // Emptying a field disables Login again, refilling it enables it.
      await login.username.fill('');
      await waitUntil(() => login.loginButton.isDisabled(), 'Login disabled without a username');
      await login.username.fill(user.email);
      await login.password.fill('');
      await waitUntil(() => login.loginButton.isDisabled(), 'Login disabled without a password');
      await login.password.fill('not-the-password-1');
      await waitUntil(() => login.loginButton.isEnabled(), 'Login enabled again');

      await login.loginButton.click();
      await login.alert.filter({ hasText: messages.loginUnauthorized }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      expect(await login.alertTexts()).toEqual([messages.loginUnauthorized]);
      await login.heading.waitFor({ state: 'visible' });
      expect(await shell.userName.count()).toBe(0);
      // A human check is good for one attempt: it starts over, and Login waits for it.
      await waitUntil(async () => !(await login.isHumanCheckSolved()), 'the human check to start over');
      expect(await login.loginButton.isDisabled()).toBe(true);

      // Right password, check solved again, Enter in the password field signs in.
      await login.password.fill(DEMO_PASSWORD);
      await login.solveHumanCheck();
      await waitUntil(() => login.loginButton.isEnabled(), 'Login enabled for the second attempt');
      await login.password.press('Enter');
      await shell.waitUntilShown();
      expect(await shell.userNameText()).toBe(`${user.firstName} ${user.lastName}`);
      // The address asked for before signing in is kept.
      expect(new URL(page.url()).pathname).toBe('/app/orders');
    } finally {
      await context.close();
    }
  });

  it('a signed-out load logs no error and the human check does not push Login down as it appears', async () => {
    const context = await newContext(browser, baseUrl, { viewport: { width: 1280, height: 800 } });
    try {
      const page = await openPage(context);
      const problems: string[] = [];
      page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
      page.on('response', (res) => res.status() >= 400 && problems.push(`${res.status()} ${res.url()}`));
      // The widget's script arrives late, as on a slow line, so the page is painted without it first.
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      await context.route(/\/assets\/altcha-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const login = new LoginPage(page);
      await login.goto();
      const before = await login.loginButton.boundingBox();
      // The widget's script loads once the visitor starts on the form.
      await login.username.focus();
      release();
      await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined);
      await login.humanCheckBox.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      const after = await login.loginButton.boundingBox();
      expect(after?.y).toBe(before?.y);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
