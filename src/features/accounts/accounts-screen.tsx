import { Page, PageTitle } from '../../ui/page';

export function AccountsScreen() {
  return (
    <Page>
      <PageTitle>Accounts</PageTitle>
    </Page>
  );
}
