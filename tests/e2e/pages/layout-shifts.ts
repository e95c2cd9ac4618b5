import type { Page } from 'playwright-core';

/** One layout shift the browser reported: its score and what moved (tag, text, box before and after). */
export interface LayoutShift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    recordedLayoutShifts?: LayoutShift[];
  }
}

/**
 * Records the page's layout shifts (the Layout Instability API, what Lighthouse's CLS
 * adds up) from its first paint on, for every document `page` loads from now on.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    window.recordedLayoutShifts = shifts;
    type ShiftEntry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(
            (s) => `${s.node?.nodeName ?? '?'} "${(s.node?.textContent ?? '').slice(0, 40)}" x ${Math.round(s.previousRect.x)} -> ${Math.round(s.currentRect.x)}, y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The shifts recorded in the page's current document, once what it shows now has been
 * painted: a shift is reported after the paint that shows it, so two frames are let by.
 */
export const layoutShifts = (page: Page): Promise<LayoutShift[]> =>
  page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(window.recordedLayoutShifts ?? []), 0))),
      ),
  );
