import { describe, it } from 'vitest';
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
    });
  }

  it("fits a tablet: the supplier's catalogue", async () => {
    const page = await journeys.signedIn('supplier@acme.demo.test', '/app/catalogue', TABLET_PORTRAIT);
    const catalogue = new CataloguePage(page);
    await catalogue.waitForRows();
    await checkLayout(page, "supplier's catalogue, tablet portrait");
  });
});
