import type { Locator, Page } from 'playwright-core';
import { UI_WAIT_MS } from './login-page';

/** The settings drawer of the shell: Change Password and Theme tabs. */
export class SettingsPage {
  readonly dialog: Locator;
  readonly changePasswordTab: Locator;
  readonly themeTab: Locator;
  readonly darkMode: Locator;
  readonly primaryColour: Locator;
  readonly secondaryColour: Locator;
  readonly resetToDefaults: Locator;
  readonly closeButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' });
    this.changePasswordTab = this.dialog.getByRole('tab', { name: 'Change Password' });
    this.themeTab = this.dialog.getByRole('tab', { name: 'Theme' });
    this.darkMode = this.dialog.getByRole('switch', { name: 'Dark mode' });
    this.primaryColour = this.dialog.getByLabel('Primary colour', { exact: true });
    this.secondaryColour = this.dialog.getByLabel('Secondary colour', { exact: true });
    this.resetToDefaults = this.dialog.getByRole('button', { name: 'Reset to defaults' });
    this.closeButton = this.dialog.getByRole('button', { name: 'Close' });
  }

  async waitUntilShown(): Promise<void> {
    await this.dialog.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  async openThemeTab(): Promise<void> {
    await this.themeTab.click();
    await this.darkMode.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  async isDarkMode(): Promise<boolean> {
    return (await this.darkMode.getAttribute('aria-checked')) === 'true';
  }

  /** Sets a colour field as the picker would: the value changes and an input event fires. */
  async setPrimaryColour(hex: string): Promise<void> {
    await this.primaryColour.fill(hex);
  }

  async close(): Promise<void> {
    await this.closeButton.click();
    await this.dialog.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
  }
}
