import { createRoute } from '@tanstack/react-router';
import { PreferencesScreen } from '../features/preferences/preferences-screen';
import { guarded } from './guarded';
import { shellRoute } from './shell';

export const preferencesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/preferences',
  component: guarded('viewPreferences', PreferencesScreen),
});
