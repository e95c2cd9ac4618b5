import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Whole-app renders with typed input take seconds under jsdom, more on a cold transform cache.
vi.setConfig({ testTimeout: 45_000 });
// The same load stretches the store's round trips and lazy route chunks: a find waits up to 15 s, not 1 s, before failing.
configure({ asyncUtilTimeout: 15_000 });
// jsdom has no container queries: the kit's tables show as on a wide box, whose cells hold no
// stacked lines (see src/ui/data-table/column-fit-rules.ts), so text queries skip those lines too.
configure({ defaultIgnore: 'script, style, [data-stacked-list], [data-stacked-list] *' });

// The app loads the local store and the shell's tooltips once a session exists, so the
// sign-in page does without them. Transformed here, before the tests, a whole-app test's
// first find after signing in does not wait out a cold transform on a busy machine.
await Promise.all([import('../../../src/local/sync-start/local-store'), import('../../../src/ui/tooltip/Tooltip')]);

// jsdom lacks scrolling; the router restores scroll positions on every navigation.
window.scrollTo = () => undefined;

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
