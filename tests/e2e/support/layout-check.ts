import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEFAULT_THEME, STORAGE_KEYS } from '../../../src/domain/constants';
import { checkTables, type TableCheckOptions } from './table-check';

/** WCAG 2.5.5/2.5.8: the size a touch target needs on the warehouse tablets. */
const MIN_TARGET_PX = 44;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="row"][tabindex]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Visible interactive elements smaller than 44x44 CSS px. Exempt, as WCAG 2.5.8
 * exempts them: links inside a sentence (a paragraph or list item with other text),
 * and choices inside a larger labelled target (a checkbox, radio or switch whose
 * label, wrapping it or pointing at it, is the target).
 */
async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const describe = (el: Element) => {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
      };
      const inSentence = (el: Element) => {
        if (el.tagName !== 'A') return false;
        const block = el.closest('p, li, td, dd, label');
        return !!block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      };
      const result: SmallTarget[] = [];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]')) continue;
        if (inSentence(el)) continue;
        let { width, height } = box;
        // A control its label activates (a checkbox, a radio, a switch) is reached through the label as well.
        const label = el.closest('label') ?? (el as HTMLInputElement).labels?.[0] ?? null;
        const choice = /^(checkbox|radio)$/.test((el as HTMLInputElement).type ?? '') || /^(switch|checkbox)$/.test(el.getAttribute('role') ?? '');
        if (label && choice) {
          const lb = label.getBoundingClientRect();
          width = Math.max(width, lb.width);
          height = Math.max(height, lb.height);
        }
        if (width + 0.5 < min || height + 0.5 < min) result.push({ what: describe(el), width: Math.round(width), height: Math.round(height) });
      }
      return result;
    },
    { selector: INTERACTIVE, min: MIN_TARGET_PX },
  );
}

/**
 * The tablet rule of every screen: the page never scrolls sideways, every visible
 * interactive element is at least 44x44 px, every table is readable (`checkTables`), and
 * axe finds no WCAG 2.2 A/AA violation (open drawers and dialogs included: check with them
 * open). Soft assertions: one run reports every problem of the page, and the test still fails.
 */
async function checkOnce(page: Page, name: string, tables: TableCheckOptions): Promise<void> {
  const scroll = await page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
  expect.soft(scroll.scrollWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(scroll.clientWidth);

  expect.soft(await smallTargets(page), `${name}: touch targets under ${MIN_TARGET_PX} px`).toEqual([]);

  await checkTables(page, name, tables);

  await expectNoAxeViolations(name, new AxeBuilder({ page }).withTags(AXE_TAGS));
}

/**
 * A theme changes colours only: sizes, widths, names and roles are the light check's.
 * The dark check runs the colour rules alone, which halves the time of a layout test.
 */
async function checkColoursOnce(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(name, new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']));
}

async function expectNoAxeViolations(name: string, builder: AxeBuilder): Promise<void> {
  // A frame with `sandbox=""` (an email body, a supplier's page) holds untrusted content with
  // scripts blocked: axe cannot run inside it, and Playwright's evaluation in it never returns.
  const axe = await builder.exclude('iframe[sandbox]').analyze();
  const violations = axe.violations.map((v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect.soft(violations, `${name}: axe WCAG 2.2 A/AA violations`).toEqual([]);
}

/**
 * Waits for the page's finite animations and transitions (a drawer sliding in, a theme's
 * colours fading) to end: measured half way, a drawer overlaps what it will push aside.
 * Endless ones (a spinner) are left running.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

type ThemeType = 'light' | 'dark';

/** Switches the theme as the Theme tab does (local storage), without a reload: the app follows storage events. */
async function setTheme(page: Page, type: ThemeType): Promise<void> {
  await page.evaluate(
    ({ key, palette }) => {
      localStorage.setItem(key, JSON.stringify(palette));
      window.dispatchEvent(new StorageEvent('storage', { key }));
    },
    { key: STORAGE_KEYS.theme, palette: { ...DEFAULT_THEME, type } },
  );
  await page.waitForFunction((dark) => (getComputedStyle(document.documentElement).colorScheme === 'dark') === dark, type === 'dark');
}

/**
 * Runs the layout check in the light theme and its colour rules in the dark one, leaving
 * the page light again; `ready` waits, after each switch, for the state being checked;
 * `tables` names the columns and the list the screen must show at this size.
 */
export async function checkLayout(page: Page, name: string, ready: () => Promise<void> = async () => undefined, tables: TableCheckOptions = {}): Promise<void> {
  for (const type of ['light', 'dark'] as const) {
    await setTheme(page, type);
    await ready();
    await transitionsEnded(page);
    if (type === 'light') await checkOnce(page, `${name} (${type})`, tables);
    else await checkColoursOnce(page, `${name} (${type})`);
  }
  await setTheme(page, 'light');
}
