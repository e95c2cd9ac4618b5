import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../../../src/app/app';
import { createAppRouter } from '../../../src/app/router';

/** The whole app at `path`, with the full page reload of sign-out replaced by a spy. */
export function renderApp(path = '/app/catalogue') {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const reloadPage = vi.fn();
  const view = render(<App router={router} reloadPage={reloadPage} />);
  return { ...view, router, reloadPage };
}
