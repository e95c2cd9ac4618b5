import { Link } from '@tanstack/react-router';
import { Notice, Page, PageTitle } from '../../ui/page';

export function NotFoundScreen() {
  return (
    <Page>
      <PageTitle>Page not found</PageTitle>
      <Notice>
        There is no page at this address. <Link to="/app/catalogue">Go to the catalogue</Link>
      </Notice>
    </Page>
  );
}
