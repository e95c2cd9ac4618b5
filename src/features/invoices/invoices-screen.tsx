import { Page, PageTitle } from '../../ui/page';

export function InvoicesScreen() {
  return (
    <Page>
      <PageTitle>Invoices</PageTitle>
    </Page>
  );
}
