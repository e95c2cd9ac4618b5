import { Outlet } from '@tanstack/react-router';
import { SettingsDrawer } from '../features/settings/settings-drawer';
import { ShellLayout } from '../features/shell/shell-layout';
import { SyncStatus } from '../features/sync-status/SyncStatus';

/** The frame of every screen inside the app; a chunk of its own, so the sign-in page does not load it. */
export function ShellFrame() {
  return (
    <ShellLayout settingsPanel={SettingsDrawer} status={<SyncStatus />}>
      <Outlet />
    </ShellLayout>
  );
}
