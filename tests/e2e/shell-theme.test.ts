import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { DEFAULT_THEME, STORAGE_KEYS } from '../../src/domain/constants';
import { LoginPage, openPage, UI_WAIT_MS } from './pages/login-page';
import { SettingsPage } from './pages/settings-page';
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

const PRIMARY = '#7b1fa2';

/** `#rrggbb` as the rgb() string computed styles report. */
function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Relative brightness 0..255 of a computed rgb()/rgba() colour. */
function brightness(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

async function computed(page: Page) {
  return page.evaluate(() => ({
    body: getComputedStyle(document.body).backgroundColor,
    colorScheme: getComputedStyle(document.documentElement).colorScheme,
  }));
}

async function storedTheme(page: Page, key: string): Promise<unknown> {
  return page.evaluate((k) => {
    const raw = localStorage.getItem(k);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }, key);
}

describe('theme settings', () => {
  it('dark mode and the primary colour apply at once and survive a reload', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      const shell = new ShellPage(page);
      const settings = new SettingsPage(page);
      // The avatar of the account menu is painted in the primary colour.
      const avatarBackground = () =>
        shell.accountMenuButton.locator('[aria-hidden="true"]').first().evaluate((el) => getComputedStyle(el).backgroundColor);

      await new LoginPage(page).signIn('buyer@uni.demo.test', DEMO_PASSWORD);
      await shell.waitUntilShown();
      const light = await computed(page);
      expect(brightness(light.body)).toBeGreaterThan(128);
      expect(await avatarBackground()).toBe(rgb(DEFAULT_THEME.primary));

      await shell.openSettings();
      await settings.waitUntilShown();
      await settings.openThemeTab();
      expect(await settings.isDarkMode()).toBe(false);
      expect(await settings.resetToDefaults.isDisabled()).toBe(true);

      await settings.darkMode.click();
      await expect.poll(() => settings.isDarkMode()).toBe(true);
      await settings.setPrimaryColour(PRIMARY);
      await expect.poll(() => settings.primaryColour.inputValue()).toBe(PRIMARY);
      expect(await settings.resetToDefaults.isEnabled()).toBe(true);
      await settings.close();

      // Applied at once.
      await expect.poll(async () => brightness((await computed(page)).body), { timeout: UI_WAIT_MS }).toBeLessThan(64);
      await expect.poll(avatarBackground, { timeout: UI_WAIT_MS }).toBe(rgb(PRIMARY));
      expect(await storedTheme(page, STORAGE_KEYS.theme)).toMatchObject({ type: 'dark', primary: PRIMARY });

      await page.reload();
      await shell.waitUntilShown();
      await expect.poll(async () => brightness((await computed(page)).body), { timeout: UI_WAIT_MS }).toBeLessThan(64);
      expect((await computed(page)).colorScheme).toBe('dark');
      await expect.poll(avatarBackground, { timeout: UI_WAIT_MS }).toBe(rgb(PRIMARY));
      expect(await storedTheme(page, STORAGE_KEYS.theme)).toMatchObject({ type: 'dark', primary: PRIMARY });
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(PRIMARY);

      // The drawer shows the saved values; Reset to defaults brings the light default back.
      await shell.openSettings();
      await settings.waitUntilShown();
      await settings.openThemeTab();
      expect(await settings.isDarkMode()).toBe(true);
      expect(await settings.primaryColour.inputValue()).toBe(PRIMARY);
      await settings.resetToDefaults.click();
      await expect.poll(() => settings.isDarkMode()).toBe(false);
      await settings.close();
      await expect.poll(async () => brightness((await computed(page)).body), { timeout: UI_WAIT_MS }).toBeGreaterThan(128);
      await expect.poll(avatarBackground, { timeout: UI_WAIT_MS }).toBe(rgb(DEFAULT_THEME.primary));
    } finally {
      await context.close();
    }
  });
});
