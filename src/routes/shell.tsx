import { createRoute, Outlet } from '@tanstack/react-router';
import { SettingsDrawer } from '../features/settings/settings-drawer';
import { ShellLayout } from '../features/shell/shell-layout';
import { SyncStatus } from '../features/sync-status/SyncStatus';
import { rootRoute } from './root';

/** The layout every screen inside the app shares; it adds no path segment. */
export const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: function Shell() {
    return (
      <ShellLayout settingsPanel={SettingsDrawer} status={<SyncStatus />}>
        <Outlet />
      </ShellLayout>
    );
  },
});
