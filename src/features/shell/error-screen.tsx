import { messages } from '../../domain/messages';
import { Button } from '../../ui/button/Button';
import { Notice, Page, PageTitle } from '../../ui/page';

/** The last resort when a screen fails to render: say so and offer a fresh start. */
export function ErrorScreen() {
  return (
    <Page>
      <PageTitle>Something went wrong</PageTitle>
      <Notice role="alert">{messages.somethingWentWrong}</Notice>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Page>
  );
}
