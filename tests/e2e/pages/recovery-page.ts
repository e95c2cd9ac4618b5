import type { Locator, Page } from 'playwright-core';
import { UI_WAIT_MS } from './login-page';

/** Password recovery: step 1 asks for the username, step 2 for the mailed code and a new password. */
export class RecoveryPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly submitButton: Locator;
  readonly verificationCode: Locator;
  readonly newPassword: Locator;
  readonly repeatPassword: Locator;
  readonly resetButton: Locator;
  /** Back to the login screen. */
  readonly loginButton: Locator;
  readonly strengthMeter: Locator;
  /** Successes are announced politely, errors at once. */
  readonly status: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Password recovery' });
    this.username = page.getByLabel('Username', { exact: true });
    this.submitButton = page.getByRole('button', { name: 'Submit', exact: true });
    this.verificationCode = page.getByLabel('Verification code', { exact: true });
    this.newPassword = page.getByLabel('New password', { exact: true });
    this.repeatPassword = page.getByLabel('Repeat password', { exact: true });
    this.resetButton = page.getByRole('button', { name: 'Reset', exact: true });
    this.loginButton = page.getByRole('button', { name: 'Login', exact: true });
    this.strengthMeter = page.getByRole('meter', { name: 'Password strength' });
    this.status = page.getByRole('status');
    this.alert = page.getByRole('alert');
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** Step 1: sends the code for the username already typed (or `username`) and waits for step 2. */
  async requestCode(username?: string): Promise<void> {
    if (username !== undefined) await this.username.fill(username);
    await this.submitButton.click();
    await this.verificationCode.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  async fillReset(code: string, newPassword: string, repeatPassword = newPassword): Promise<void> {
    await this.verificationCode.fill(code);
    await this.newPassword.fill(newPassword);
    await this.repeatPassword.fill(repeatPassword);
  }

  /** The label the strength bar shows: Weak, Fair, Good, Strong, or '' before anything is typed. */
  async strengthLabel(): Promise<string> {
    return ((await this.strengthMeter.textContent()) ?? '').trim();
  }

  /** The error text tied to the New password field, or null when it has none. */
  async newPasswordError(): Promise<string | null> {
    return fieldError(this.newPassword);
  }

  async statusTexts(): Promise<string[]> {
    return texts(this.status);
  }

  async alertTexts(): Promise<string[]> {
    return texts(this.alert);
  }
}

async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allTextContents()).map((t) => t.trim()).filter(Boolean);
}

/** Reads the field's error through aria-invalid and the ids in aria-describedby, as assistive tech does. */
async function fieldError(input: Locator): Promise<string | null> {
  return input.evaluate((el) => {
    if (el.getAttribute('aria-invalid') !== 'true') return null;
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
    const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    return text || '';
  });
}
