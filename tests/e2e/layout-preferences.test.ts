import { describe, it } from 'vitest';
import { PreferencesPage } from './pages/preferences-page';
import { PricelistsPage } from './pages/pricelists-page';
import { checkLayout } from './support/layout-check';
import { SCREENS, setUpJourneys, type Screen } from './support/journeys';

const journeys = setUpJourneys();
const signedIn = (email: string, path: string, screen: Screen) => journeys.signedIn(email, path, screen);

describe('pricelists and preferences layouts', () => {
  for (const size of SCREENS) {
    it(`pricelists and the supplier's preferences at ${size.name}`, async () => {
      const page = await signedIn('supplier@acme.demo.test', '/app/pricelists', size);
      const pricelists = new PricelistsPage(page);
      // A demo pricelist by name: other files add pricelists to the shared server. Opened
      // only when its form is not showing yet, as checkLayout calls this once per theme.
      const ready = async () => {
        if (!(await pricelists.mapUniversities.isVisible())) await pricelists.row('Acme Scientific University Pricing 2026').click();
        await pricelists.mapUniversities.waitFor({ state: 'visible' });
      };
      await pricelists.heading.waitFor({ state: 'visible' });
      await checkLayout(page, `pricelists, ${size.name}`, ready);
      const prefs = new PreferencesPage(page);
      await prefs.goto();
      await checkLayout(page, `supplier preferences, ${size.name}`, () => prefs.asnRecipients.waitFor({ state: 'visible' }));
    });

    it(`the buyer's preferences at ${size.name}`, async () => {
      const page = await signedIn('buyer@uni.demo.test', '/app/preferences', size);
      const prefs = new PreferencesPage(page);
      await prefs.heading.waitFor({ state: 'visible' });
      await checkLayout(page, `categories, ${size.name}`, () => prefs.tree.waitFor({ state: 'visible' }));
      await checkLayout(page, `account no, ${size.name}`, async () => {
        await prefs.open('Account No');
        await prefs.supplier.selectOption('SUPACMESCI01');
        await prefs.catalogueAccountCode.waitFor({ state: 'visible' });
      });
    });
  }
});
