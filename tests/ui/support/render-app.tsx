import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../../../src/app/app';
import { createAppRouter } from '../../../src/app/router';

// The app loads the shell's frame and the local store when a session starts (the sign-in
// page does without them). Transformed here, once per file, a test's first find after
// signing in does not wait out their cold transform on a busy machine.
await Promise.all([import('../../../src/routes/shell-frame'), import('../../../src/local/sync-start/local-store')]);

/** The whole app at `path`, with the full page reload of sign-out replaced by a spy. */
export function renderApp(path = '/app/catalogue') {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const reloadPage = vi.fn();
  const view = render(<App router={router} reloadPage={reloadPage} />);
  return { ...view, router, reloadPage };
}
