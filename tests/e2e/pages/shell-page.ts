import type { Locator, Page } from 'playwright-core';
import { UI_WAIT_MS } from './login-page';

/** The frame around every screen inside the app: top bar, account menu and side menu. */
export class ShellPage {
  readonly toggleNavigation: Locator;
  readonly accountMenuButton: Locator;
  readonly accountMenu: Locator;
  readonly userName: Locator;
  readonly companyName: Locator;
  /** The top bar's badge saying the session was loaded from this browser, the server being unreachable. */
  readonly offlineBadge: Locator;
  /** The sync status region of the top bar (it says Online/Offline for the network on its own). */
  readonly syncStatus: Locator;
  readonly navigation: Locator;
  readonly navLinks: Locator;
  /** What a route outside the viewer's role shows instead of its screen. */
  readonly notAvailable: Locator;

  constructor(readonly page: Page) {
    this.toggleNavigation = page.getByRole('button', { name: 'Toggle navigation' });
    this.accountMenuButton = page.getByRole('button', { name: 'Account menu' });
    this.accountMenu = page.getByRole('menu', { name: 'Account menu' });
    this.userName = page.getByTestId('user-name');
    this.companyName = page.getByTestId('company-name');
    this.syncStatus = page.getByRole('status', { name: 'Sync status' });
    this.offlineBadge = page
      .getByRole('banner')
      .getByText('Offline', { exact: true })
      .and(page.locator(':not([role="status"] *)'));
    this.navigation = page.getByRole('navigation', { name: 'Main navigation' });
    this.navLinks = this.navigation.getByRole('link');
    this.notAvailable = page.getByRole('heading', { name: 'Not available' });
  }

  async waitUntilShown(): Promise<void> {
    await this.userName.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await this.navigation.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  navLink(label: string): Locator {
    return this.navigation.getByRole('link', { name: label, exact: true });
  }

  /** The accessible names of the side menu's links, top to bottom. */
  async menuLabels(): Promise<string[]> {
    const links = await this.navLinks.all();
    return Promise.all(links.map(async (link) => ((await link.textContent()) ?? '').trim()));
  }

  /** The label of the link marked aria-current="page", or null. */
  async currentMenuEntry(): Promise<string | null> {
    const current = this.navigation.locator('a[aria-current="page"]');
    if ((await current.count()) !== 1) return null;
    return ((await current.textContent()) ?? '').trim();
  }

  async userNameText(): Promise<string> {
    return ((await this.userName.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  async companyNameText(): Promise<string> {
    return ((await this.companyName.textContent()) ?? '').trim();
  }

  menuItem(label: 'Settings' | 'Stop assuming' | 'Logout'): Locator {
    return this.accountMenu.getByRole('menuitem', { name: label, exact: true });
  }

  async chooseFromAccountMenu(label: 'Settings' | 'Stop assuming' | 'Logout'): Promise<void> {
    await this.accountMenuButton.click();
    await this.menuItem(label).click();
  }

  async openSettings(): Promise<void> {
    await this.chooseFromAccountMenu('Settings');
  }

  async logout(): Promise<void> {
    await this.chooseFromAccountMenu('Logout');
  }
}
