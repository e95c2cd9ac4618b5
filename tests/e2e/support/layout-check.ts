import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STORAGE_KEYS } from '../../../src/domain/constants';
import { DEFAULT_PALETTE } from '../../../src/domain/theme-palette';

/** WCAG 2.2 A and AA, as axe tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const MIN_TARGET = 44;

/** Visible controls smaller than 44 px either way (a checkbox or radio counts by its label). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], select, input:not([type=hidden]), [role=tab], [role=button], [role=checkbox], [role=switch], [role=treeitem], [role=row][tabindex]',
    );
    const out: string[] = [];
    for (const control of controls) {
      const target = control instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(control.type) ? (control.closest('label') ?? control.parentElement ?? control) : control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (box.width < min || box.height < min) {
        out.push(`${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return out;
  }, MIN_TARGET);
}

async function checkOnce(page: Page, name: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(widths.client);
  expect(await smallTargets(page), `${name}: touch targets under ${MIN_TARGET}px`).toEqual([]);
  const axe = await new AxeBuilder({ page: page as never }).withTags(WCAG_TAGS).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`),
    `${name}: WCAG 2.2 A/AA violations`,
  ).toEqual([]);
}

/**
 * The layout contract of every screen: no sideways scrolling of the page, touch targets
 * of at least 44 px, no axe WCAG 2.2 A/AA violation, in the light and the dark theme.
 * The screen must be showing when called; the theme is switched through local storage
 * and the page reloaded, so `ready` must bring the screen back to the state checked.
 */
export async function checkLayout(page: Page, name: string, ready: () => Promise<void> = async () => undefined): Promise<void> {
  for (const type of ['light', 'dark'] as const) {
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, JSON.stringify({ ...DEFAULT_PALETTE, type })]);
    await page.reload();
    await ready();
    await checkOnce(page, `${name} (${type})`);
  }
}
