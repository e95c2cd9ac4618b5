import { Page, PageTitle } from '../../ui/page';

export function InvoiceScreen() {
  return (
    <Page>
      <PageTitle>Invoice</PageTitle>
    </Page>
  );
}
