import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STORAGE_KEYS } from '../../../src/domain/constants';
import { DEFAULT_PALETTE } from '../../../src/domain/theme-palette';

const MIN_TARGET_PX = 44;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Switches the theme the way another tab's Settings would: the stored palette changes and a storage event says so. */
async function switchTheme(page: Page, type: 'light' | 'dark'): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    },
    [STORAGE_KEYS.theme, JSON.stringify({ ...DEFAULT_PALETTE, type })] as const,
  );
  // React re-renders with the new theme on the next frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Visible controls smaller than 44x44 px (links inside running text are exempt, as in WCAG 2.5.8). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="menuitem"], [role="checkbox"], [role="switch"], [role="treeitem"], [role="row"][tabindex]',
    );
    const small: string[] = [];
    for (const el of controls) {
      // A checkbox, radio or file input is reached through its label: the label is the target.
      const target = el instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(el.type) ? (el.closest('label') ?? el.parentElement ?? el) : el;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      const inText = el.tagName === 'A' && el.parentElement?.tagName === 'P';
      if (inText) continue;
      if (box.width < min || box.height < min) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        small.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

/**
 * The tablet rule for one screen state, in the light and the dark theme: the page does
 * not scroll sideways, every control is at least 44x44 px, and axe finds no WCAG 2.2
 * A/AA violation.
 */
export async function checkLayout(page: Page, name: string, ready: () => Promise<void> = async () => undefined): Promise<void> {
  for (const type of ['light', 'dark'] as const) {
    await switchTheme(page, type);
    await ready();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(sideways, `${name} (${type}): the page scrolls sideways`).toBe(false);
    expect(await smallTargets(page), `${name} (${type}): touch targets under 44 px`).toEqual([]);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
      `${name} (${type}): axe violations`,
    ).toEqual([]);
  }
  await switchTheme(page, 'light');
}
