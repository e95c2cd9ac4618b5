import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routes/route-tree';

/** Browser history by default; tests pass a memory history. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
