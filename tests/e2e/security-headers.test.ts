import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { launchBrowser, newContext } from './support/browser';
import { cspViolations, recordCspViolations } from './support/csp-violations';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the app under its Content-Security-Policy', () => {
  it('signs in (ALTCHA worker), shows the shell and starts syncing without a single policy violation', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      await recordCspViolations(context);
      const page = await openPage(context);
      const consoleViolations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
      });
      const answer = await page.goto('/');
      expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      const login = new LoginPage(page);
      await login.signIn('admin@biolab.demo.test', DEMO_PASSWORD);
      await new ShellPage(page).waitUntilShown();
      expect(await cspViolations(page)).toEqual([]);
      expect(consoleViolations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
