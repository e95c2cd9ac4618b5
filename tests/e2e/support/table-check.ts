import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A list on a 1024x768 screen shows at least this many rows (issue 27). */
export const MIN_ROWS_IN_VIEW = 8;
/** Lines of text a list's cell may take (a row stays compact: one line where it can, two at most). */
const MAX_LIST_LINES = 2;
/**
 * Lines a cell of a document's lines may take: a product's description beside its code, quantity
 * and action in a tablet's drawer (450 px) needs three.
 */
const MAX_LINE_TABLE_LINES = 3;

/** What the table check found on a page, one entry per problem, named for the table and the cell. */
export interface TableReport {
  tables: { name: string; width: number; rows: number; rowsInView: number; tallestRow: number; scrollsSideways: boolean }[];
  headersNotShown: string[];
  splitWords: string[];
  wrappedButtons: string[];
  clipped: string[];
  tooManyLines: string[];
  noScrollCue: string[];
}

/**
 * Measures every visible table of the page (the kit's list tables and short tables) as the
 * user sees it: each shown header's name in full, no word or code split across lines, no
 * button on two lines, no cell whose content spills out of it, at most two lines of text
 * in a cell, and a table wider than its box scrolling with the cue on its edge.
 */
async function measureTables(page: Page, required: readonly string[]): Promise<TableReport & { missingHeaders: string[] }> {
  return page.evaluate(
    ({ required, maxListLines, maxLineTableLines }) => {
      const shown = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[aria-hidden="true"], [inert]');
      };
      // A visually hidden header (an icon column's name for screen readers) is not meant to be seen.
      const visuallyHidden = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.width <= 2 || box.height <= 2;
      };
      const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      /** The lines (distinct tops) the text nodes under `el` take, leaving out the stacked lines. */
      const textNodes = (el: Element) => {
        const nodes: Text[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
          acceptNode: (node) =>
            (node.parentElement?.closest('[data-stacked-list]') && !el.closest('[data-stacked-list]')) || !node.textContent?.trim()
              ? NodeFilter.FILTER_REJECT
              : NodeFilter.FILTER_ACCEPT,
        });
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (parent && shown(parent) && !visuallyHidden(parent)) nodes.push(node as Text);
        }
        return nodes;
      };
      /** The distinct lines of a set of text rects, leaving out those its element clips away (an ellipsis line). */
      const lineTops = (rects: DOMRectList | DOMRect[], clip?: DOMRect) => {
        const tops: number[] = [];
        for (const r of Array.from(rects)) {
          if (r.width === 0 || r.height === 0) continue;
          if (clip && (r.top >= clip.bottom - 1 || r.bottom <= clip.top + 1)) continue;
          if (!tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
        }
        return tops;
      };
      /**
       * The words of a text node that the browser broke across two lines. After a hyphen, a
       * slash or an '@', and before a period followed by a letter (an address's domain:
       * 'accounts@kestrel' / '.demo.test', as style guides break addresses), is a break, not a
       * split; a period between digits ('1,234.50') stays inside its word.
       */
      const splitWords = (node: Text) => {
        const found: string[] = [];
        const value = node.data;
        for (const match of value.matchAll(/(?:\.(?=\p{L}))?(?:[^\s\-/@.]|\.(?!\p{L}))+[-/@]?/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (lineTops(range.getClientRects()).length > 1) found.push(match[0]);
        }
        return found;
      };
      /** The block a text runs in: a cell's title and the muted line under it are counted apart. */
      const blockOf = (node: Text, cell: Element) => {
        let el = node.parentElement;
        while (el && el !== cell && getComputedStyle(el).display.startsWith('inline')) el = el.parentElement;
        return el ?? cell;
      };
      /** The most lines one block of the cell's text takes (the stacked lines left out). */
      const linesOf = (el: Element) => {
        const byBlock = new Map<Element, number[]>();
        for (const node of textNodes(el)) {
          const block = blockOf(node, el);
          const tops = byBlock.get(block) ?? [];
          byBlock.set(block, tops);
          const range = document.createRange();
          range.selectNodeContents(node);
          const clip = node.parentElement && getComputedStyle(node.parentElement).overflow === 'hidden' ? node.parentElement.getBoundingClientRect() : undefined;
          for (const t of lineTops(range.getClientRects(), clip)) if (!tops.some((o) => Math.abs(o - t) < 8)) tops.push(t);
        }
        return Math.max(0, ...[...byBlock.values()].map((tops) => tops.length));
      };

      const report = {
        tables: [] as { name: string; width: number; rows: number; rowsInView: number; tallestRow: number; scrollsSideways: boolean }[],
        headersNotShown: [] as string[],
        splitWords: [] as string[],
        wrappedButtons: [] as string[],
        clipped: [] as string[],
        tooManyLines: [] as string[],
        noScrollCue: [] as string[],
        missingHeaders: [] as string[],
      };
      const seenHeaders = new Set<string>();
      // The kit's list table is the scroll box itself; a short table scrolls in the region around it.
      const tables = Array.from(document.querySelectorAll('[role="table"], table')).filter(shown);
      for (const table of tables) {
        const name = table.getAttribute('aria-label') ?? 'table';
        const maxLines = table.tagName === 'TABLE' ? maxLineTableLines : maxListLines;
        const box = (table.tagName === 'TABLE' ? table.closest('[role="region"]') : table) ?? table;
        const headers = Array.from(table.querySelectorAll('[role="columnheader"], th')).filter(shown);
        for (const header of headers) {
          const label = text(header);
          if (visuallyHidden(header) || !label) continue;
          seenHeaders.add(label);
          if (header.scrollWidth > header.clientWidth + 1) report.headersNotShown.push(`${name}: header "${label}" is cut (${header.scrollWidth} > ${header.clientWidth} px)`);
        }
        const rows = Array.from(table.querySelectorAll('tbody tr, [role="rowgroup"] [role="row"]')).filter(shown);
        const cells = rows.flatMap((row) => Array.from(row.querySelectorAll('td, [role="cell"]')).filter(shown));
        for (const cell of [...headers, ...cells]) {
          const where = `${name}: "${text(cell).slice(0, 40)}"`;
          for (const node of textNodes(cell)) for (const word of splitWords(node)) report.splitWords.push(`${where} splits "${word}"`);
          if (cell.scrollWidth > cell.clientWidth + 1) report.clipped.push(`${where} spills out of its cell (${cell.scrollWidth} > ${cell.clientWidth} px)`);
          const lines = linesOf(cell);
          if (lines > maxLines) report.tooManyLines.push(`${where} takes ${lines} lines (at most ${maxLines})`);
        }
        for (const button of Array.from(table.querySelectorAll('button, [role="button"]')).filter(shown)) {
          const range = document.createRange();
          range.selectNodeContents(button);
          if (lineTops(range.getClientRects()).length > 1) report.wrappedButtons.push(`${name}: button "${text(button)}" wraps`);
        }
        const scrollsSideways = box.scrollWidth > box.clientWidth + 1;
        // The cue is hidden from screen readers (they reach every cell anyway), not from the eye.
        const cue = box.parentElement?.querySelector(':scope > [data-scroll-cue="after"]');
        const cueBox = cue?.getBoundingClientRect();
        if (scrollsSideways && box.scrollLeft === 0 && (!cueBox || cueBox.width === 0 || cueBox.height === 0)) report.noScrollCue.push(`${name} scrolls sideways (${box.scrollWidth} > ${box.clientWidth} px) without a cue`);
        // The rows the box shows at once: the box, scrolled into view, fits the window.
        const view = box.getBoundingClientRect();
        const fitsWindow = view.height <= window.innerHeight;
        // The sticky header covers the rows that scroll under it.
        const header = table.querySelector('thead, [role="row"][aria-rowindex="1"]');
        const top = header ? header.getBoundingClientRect().bottom : view.top;
        const inView = rows.filter((row) => {
          const r = row.getBoundingClientRect();
          return r.top >= top - 1 && r.bottom <= view.bottom + 1;
        }).length;
        const tallestRow = Math.round(Math.max(0, ...rows.map((row) => row.getBoundingClientRect().height)));
        report.tables.push({ name, width: Math.round(box.clientWidth), rows: rows.length, rowsInView: fitsWindow ? inView : 0, tallestRow, scrollsSideways });
      }
      report.missingHeaders = required.filter((h) => !seenHeaders.has(h));
      return report;
    },
    { required, maxListLines: MAX_LIST_LINES, maxLineTableLines: MAX_LINE_TABLE_LINES },
  );
}

export interface TableCheckOptions {
  /** Header names that must each be a column of their own, visible (the spec's columns at this size). */
  headers?: readonly string[];
  /** The list (by its accessible name) that must show `MIN_ROWS_IN_VIEW` rows at once when it holds as many. */
  list?: string;
}

/**
 * The table rules of issue 27 on every visible table of the page, as soft assertions:
 * one run reports every problem, and the test still fails. Returns what it measured.
 */
export async function checkTables(page: Page, name: string, options: TableCheckOptions = {}): Promise<TableReport> {
  const { missingHeaders, ...report } = await measureTables(page, options.headers ?? []);
  expect.soft(missingHeaders, `${name}: spec columns without a visible header of their own`).toEqual([]);
  expect.soft(report.headersNotShown, `${name}: headers not shown in full`).toEqual([]);
  expect.soft(report.splitWords, `${name}: words split across lines`).toEqual([]);
  expect.soft(report.wrappedButtons, `${name}: buttons on two lines`).toEqual([]);
  expect.soft(report.clipped, `${name}: cells whose content spills out`).toEqual([]);
  expect.soft(report.tooManyLines, `${name}: cells over their lines`).toEqual([]);
  expect.soft(report.noScrollCue, `${name}: tables scrolling sideways without a cue`).toEqual([]);
  if (options.list) {
    const list = report.tables.find((t) => t.name === options.list);
    expect.soft(list, `${name}: the list "${options.list}" is on the page`).toBeDefined();
    if (list) expect.soft(list.rowsInView, `${name}: rows of "${options.list}" in view`).toBeGreaterThanOrEqual(Math.min(MIN_ROWS_IN_VIEW, list.rows));
  }
  return report;
}
