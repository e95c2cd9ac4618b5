import type { Locator, Page } from 'playwright-core';
import { messages } from '../../../src/domain/messages';
import { UI_WAIT_MS } from './login-page';

/** The terms of use a user must accept before anything else of the app shows. */
export class TermsPage {
  static readonly path = '/app/termsOfUse';
  readonly heading: Locator;
  readonly acceptCheckbox: Locator;
  readonly saveButton: Locator;
  readonly logoutButton: Locator;
  /** The operator's text of the terms, in its own scroll box. */
  readonly text: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Terms of Use' });
    this.acceptCheckbox = page.getByRole('checkbox', { name: messages.termsCheckbox });
    this.saveButton = page.getByRole('button', { name: 'Save', exact: true });
    this.logoutButton = page.getByRole('button', { name: 'Logout', exact: true });
    this.text = page.getByRole('region', { name: 'Terms of Use text' });
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  async accept(): Promise<void> {
    await this.acceptCheckbox.check();
    await this.saveButton.click();
  }
}
