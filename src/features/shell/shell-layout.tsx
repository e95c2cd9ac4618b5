import { Suspense, useId, useState, type ComponentType, type ReactNode } from 'react';
import { can } from '../../domain/roles';
import { useActiveSession } from '../../local/session/use-session';
import { useSideMenuCollapsed } from '../../local/shell/side-menu-choice';
import { breakpoints } from '../../ui/theme/theme';
import { TooltipProvider } from '../../ui/tooltip/Tooltip';
import { Main, Root } from './shell-layout.styles';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useInstallManifest } from './use-install-manifest';

interface SettingsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface ShellLayoutProps {
  /** The settings drawer; passed in because features do not import each other. */
  settingsPanel: ComponentType<SettingsPanelProps>;
  /** The sync status piece for the top bar (src/features/sync-status), passed in for the same reason. */
  status?: ReactNode;
  children: ReactNode;
}

/** Below the large breakpoint (phones, tablets upright and sideways) the menu starts as icons, leaving the width to the screen. */
const startsCollapsed = () => window.matchMedia?.(`(max-width: ${breakpoints.large - 1}px)`).matches ?? false;

/**
 * Top bar, side menu and the current screen: the frame of every route inside the app.
 * The tooltips' provider sits here, not around the whole app: its positioning code then
 * stays out of the sign-in page's JavaScript.
 */
export function ShellLayout({ settingsPanel: SettingsPanel, status, children }: ShellLayoutProps) {
  const { viewer } = useActiveSession();
  useInstallManifest(can(viewer, 'viewInvoices'));
  const [collapsedByDefault] = useState(startsCollapsed);
  const [collapsed, setCollapsed] = useSideMenuCollapsed(collapsedByDefault);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from its first opening on (and kept, so it can animate closed): the panel may be a lazy chunk.
  const [settingsWanted, setSettingsWanted] = useState(false);
  const openSettings = () => {
    setSettingsWanted(true);
    setSettingsOpen(true);
  };
  const navId = useId();

  return (
    <TooltipProvider>
      <Root>
        <TopBar
          navId={navId}
          navExpanded={!collapsed}
          onToggleNav={() => setCollapsed(!collapsed)}
          onOpenSettings={openSettings}
          status={status}
        />
        <SideMenu id={navId} viewer={viewer} collapsed={collapsed} />
        <Main>{children}</Main>
        {settingsWanted && (
          <Suspense fallback={null}>
            <SettingsPanel open={settingsOpen} onOpenChange={setSettingsOpen} />
          </Suspense>
        )}
      </Root>
    </TooltipProvider>
  );
}
