import type { ReactNode } from 'react';
import { can, type Capability } from '../../domain/roles';
import { useActiveSession } from '../../local/session/use-session';
import { Notice, Page, PageTitle } from '../../ui/page';

interface RoleGuardProps {
  capability: Capability;
  children: ReactNode;
}

/** Shows a route's screen only to viewers the capability table allows; others learn why. */
export function RoleGuard({ capability, children }: RoleGuardProps) {
  const { viewer } = useActiveSession();
  if (can(viewer, capability)) return children;
  return (
    <Page>
      <PageTitle>Not available</PageTitle>
      <Notice role="alert">This page is not available for your role.</Notice>
    </Page>
  );
}
