import { Page, PageTitle } from '../../ui/page';

export function ProductScreen() {
  return (
    <Page>
      <PageTitle>Product</PageTitle>
    </Page>
  );
}
