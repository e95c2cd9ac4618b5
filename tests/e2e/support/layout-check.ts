import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STORAGE_KEYS } from '../../../src/domain/constants';
import { DEFAULT_PALETTE } from '../../../src/domain/theme-palette';

/**
 * The layout contract of the tablet rule (written here by the catalogue work against the
 * contract of the foundation issue's helper, which was not on main yet): in the light
 * and the dark theme, the page never scrolls sideways, every touch target of the screen
 * (main and its drawers) is at least 44 px square, and axe finds no WCAG 2.2 A/AA violation.
 */
const MIN_TARGET = 44;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="switch"], [role="checkbox"]';
    const found: string[] = [];
    // The screen itself (main) and its drawers; the shell's frame is the foundation layout test's.
    const roots = Array.from(document.querySelectorAll<HTMLElement>('main, [role="dialog"]'));
    for (const el of roots.flatMap((root) => Array.from(root.querySelectorAll<HTMLElement>(selector)))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // A link inside running text is exempt (WCAG 2.5.8 "inline").
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
      // A control inside its label is hit anywhere on the label.
      const target = (el.closest('label') as HTMLElement | null) ?? el;
      const hit = target.getBoundingClientRect();
      if (hit.width < min - 0.5 || hit.height < min - 0.5) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
        found.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(hit.width)}x${Math.round(hit.height)}`);
      }
    }
    return found;
  }, MIN_TARGET);
}

async function checkOnce(page: Page, name: string): Promise<void> {
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(sideways, `${name}: the page scrolls sideways`).toBe(false);
  expect(await smallTargets(page), `${name}: touch targets under ${MIN_TARGET}px`).toEqual([]);
  const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${name}: axe`,
  ).toEqual([]);
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function setTheme(page: Page, type: 'light' | 'dark'): Promise<void> {
  const before = await background(page);
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme);
  const current = stored ? (JSON.parse(stored) as { type?: string }).type : DEFAULT_PALETTE.type;
  await page.evaluate(
    ([key, palette]) => {
      localStorage.setItem(key, JSON.stringify(palette));
      // Same-tab writes fire no storage event; the stored value listens for one.
      window.dispatchEvent(new StorageEvent('storage', { key }));
    },
    [STORAGE_KEYS.theme, { ...DEFAULT_PALETTE, type }] as const,
  );
  if (current !== type) await page.waitForFunction((bg) => getComputedStyle(document.body).backgroundColor !== bg, before);
}

/** Checks what the page shows now, in the light and then the dark theme. */
export async function checkLayout(page: Page, name: string): Promise<void> {
  await setTheme(page, 'light');
  await checkOnce(page, `${name} (light)`);
  await setTheme(page, 'dark');
  await checkOnce(page, `${name} (dark)`);
  await setTheme(page, 'light');
}
