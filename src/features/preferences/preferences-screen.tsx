import { Page, PageTitle } from '../../ui/page';

export function PreferencesScreen() {
  return (
    <Page>
      <PageTitle>Preferences</PageTitle>
    </Page>
  );
}
