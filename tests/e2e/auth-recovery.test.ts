import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/demo/orgs';
import { fieldErrors, messages } from '../../src/domain/messages';
import { latestRecoveryCode, mailsTo } from '../server/helpers/mailbox';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { RecoveryPage } from './pages/recovery-page';
import { ShellPage } from './pages/shell-page';
import { launchBrowser, newContext } from './support/browser';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// No other journey signs in with this user, so changing its password disturbs none.
const user = DEMO_USERS.find((u) => u.email === 'p.raman@uni.demo.test')!;
const NEW_PASSWORD = 'Copper-Lantern-Orchard-58!';
const WEAK_PASSWORD = 'password1';

describe('password recovery', () => {
  it('mails a code, refuses a weak password, resets to a strong one that then signs in', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      const login = new LoginPage(page);
      const recovery = new RecoveryPage(page);
      const shell = new ShellPage(page);
      const mailsBefore = mailsTo(dataDir, user.email).length;

      await login.goto('/');
      await login.username.fill(user.email);
      await login.forgotPasswordButton.click();
      await recovery.waitUntilShown();
      // The username follows the visitor into recovery.
      expect(await recovery.username.inputValue()).toBe(user.email);

      await recovery.requestCode();
      await waitUntil(async () => (await recovery.statusTexts()).includes(messages.recoveryCodeSent), 'the code-sent notice');

      await waitUntil(async () => mailsTo(dataDir, user.email).length > mailsBefore, `a mail in ${join(dataDir, 'mail')}`);
      const code = latestRecoveryCode(dataDir, user.email);
      expect(code).toMatch(/^\d{8}$/);

      // Too weak: the bar says so and the field refuses it without asking the server.
      await recovery.fillReset(code, WEAK_PASSWORD);
      await expect.poll(() => recovery.strengthLabel(), { timeout: UI_WAIT_MS }).toMatch(/^(Weak|Fair)$/);
      await recovery.resetButton.click();
      await expect.poll(() => recovery.newPasswordError(), { timeout: UI_WAIT_MS }).toBe(fieldErrors.passwordTooWeak);
      expect(await recovery.statusTexts()).not.toContain(messages.passwordReset);

      // Strong enough: reset, and the form empties.
      await recovery.newPassword.fill(NEW_PASSWORD);
      await recovery.repeatPassword.fill(NEW_PASSWORD);
      await expect.poll(() => recovery.strengthLabel(), { timeout: UI_WAIT_MS }).toMatch(/^(Good|Strong)$/);
      await recovery.resetButton.click();
      await waitUntil(async () => (await recovery.statusTexts()).includes(messages.passwordReset), 'the password-reset notice');
      expect(await recovery.alertTexts()).toEqual([]);
      expect(await recovery.verificationCode.inputValue()).toBe('');
      expect(await recovery.newPassword.inputValue()).toBe('');
      expect(await recovery.repeatPassword.inputValue()).toBe('');
      expect(await recovery.newPasswordError()).toBeNull();

      // Back to the login, where the new password signs in.
      await recovery.loginButton.click();
      await login.waitUntilShown();
      await login.signIn(user.email, NEW_PASSWORD);
      await shell.waitUntilShown();
      expect(await shell.userNameText()).toBe(`${user.firstName} ${user.lastName}`);
    } finally {
      await context.close();
    }
  });
});
