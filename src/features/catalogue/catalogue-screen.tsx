import { Page, PageTitle } from '../../ui/page';

export function CatalogueScreen() {
  return (
    <Page>
      <PageTitle>Catalogue</PageTitle>
    </Page>
  );
}
