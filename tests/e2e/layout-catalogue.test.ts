import { describe, expect, it } from 'vitest';
import { CataloguePage } from './pages/catalogue-page';
import { checkLayout } from './support/layout-check';
import { columnsAt } from './support/table-columns';
import { SCREENS, TABLET_LANDSCAPE, TABLET_PORTRAIT, setUpJourneys } from './support/journeys';

const journeys = setUpJourneys();

describe('the catalogue on tablets and the desktop', () => {
  for (const size of SCREENS) {
    it(`fits ${size.name}: the buyer's catalogue and the product drawer`, async () => {
      const page = await journeys.signedIn('buyer@uni.demo.test', '/app/catalogue', size);
      const catalogue = new CataloguePage(page);
      await catalogue.supplierSearch.waitFor({ state: 'visible' });
      await catalogue.suppliers.waitFor({ state: 'visible' });
      // The picker is a plain list: checked once, at the narrowest size.
      if (size === TABLET_PORTRAIT) await checkLayout(page, `supplier picker, ${size.name}`);
      await catalogue.pickSupplier('Acme Scientific');
      await catalogue.waitForRows();
      await checkLayout(page, `buyer catalogue, ${size.name}`, undefined, {
        headers: columnsAt(size.viewport.width, 'buyerCatalogue'),
        list: size === TABLET_LANDSCAPE ? 'Products' : undefined,
      });
      await catalogue.table.getByRole('row').nth(1).click();
      await catalogue.drawer.waitFor({ state: 'visible' });
      await checkLayout(page, `product drawer, ${size.name}`);
      // Every tab label on one line; a strip too wide for the drawer scrolls with the edge cue.
      const strip = await catalogue.drawer.getByRole('tablist', { name: 'Product details' }).evaluate((list) => {
        // The lines a tab's text takes (its icon, beside the text, is not a line).
        const lines = (el: Element) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
          }
          return tops.size;
        };
        return {
          wrapped: Array.from(list.querySelectorAll('[role="tab"]'), (tab) => (lines(tab) > 1 ? tab.textContent : null)).filter(Boolean),
          overflows: list.scrollWidth > list.clientWidth + 1,
          cue: list.parentElement?.querySelector(':scope > [data-scroll-cue="after"]') !== null,
        };
      });
      expect(strip.wrapped, `product drawer, ${size.name}: tab labels on two lines`).toEqual([]);
      if (strip.overflows) expect(strip.cue, `product drawer, ${size.name}: the tab strip scrolls without a cue`).toBe(true);
    });
  }

  it("fits a tablet: the supplier's catalogue", async () => {
    const page = await journeys.signedIn('supplier@acme.demo.test', '/app/catalogue', TABLET_PORTRAIT);
    const catalogue = new CataloguePage(page);
    await catalogue.waitForRows();
    await checkLayout(page, "supplier's catalogue, tablet portrait");
  });
});
