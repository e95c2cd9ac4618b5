import { Page, PageTitle } from '../../ui/page';

export function PricelistsScreen() {
  return (
    <Page>
      <PageTitle>Pricelists</PageTitle>
    </Page>
  );
}
