import { Page, PageTitle } from '../../ui/page';

export function UserCommunityScreen() {
  return (
    <Page>
      <PageTitle>User Community</PageTitle>
    </Page>
  );
}
