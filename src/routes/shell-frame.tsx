import { Outlet } from '@tanstack/react-router';
import { lazy } from 'react';
import { ShellLayout } from '../features/shell/shell-layout';
import { SyncStatus } from '../features/sync-status/SyncStatus';

/** A chunk of its own: the drawer's code (tabs, forms, storage use) is fetched when it is first opened, not with every start. */
const SettingsDrawer = lazy(() => import('../features/settings/settings-drawer').then((module) => ({ default: module.SettingsDrawer })));

/** The frame of every screen inside the app; a chunk of its own, so the sign-in page does not load it. */
export function ShellFrame() {
  return (
    <ShellLayout settingsPanel={SettingsDrawer} status={<SyncStatus />}>
      <Outlet />
    </ShellLayout>
  );
}
