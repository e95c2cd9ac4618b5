import type { ReactNode } from 'react';
import { useSession, useActiveSession } from '../../local/session/use-session';
import { IconButton } from '../../ui/button/Button';
import { MenuIcon } from '../../ui/icons/icons';
import { Logo } from '../../ui/logo/Logo';
import { MenuButton, type MenuItem } from '../../ui/menu/MenuButton';
import { useSignOutWithWarning } from './sign-out-warning';
import { Avatar, Bar, Company, OfflineBadge, StatusSlot, Title, UserName, Who } from './top-bar.styles';

interface TopBarProps {
  navId: string;
  navExpanded: boolean;
  onToggleNav: () => void;
  onOpenSettings: () => void;
  /** A slot before the user's name: the sync status. */
  status?: ReactNode;
}

export function TopBar({ navId, navExpanded, onToggleNav, onOpenSettings, status }: TopBarProps) {
  const { assumeIdentity } = useSession();
  // Warns first while changes still wait to be sent: sign-out deletes them with the local data.
  const { requestSignOut, warning } = useSignOutWithWarning();
  const { profile, companyName, renderFor, offline } = useActiveSession();
  const { firstName, lastName } = profile.user;

  const items: MenuItem[] = [
    { label: 'Settings', onSelect: onOpenSettings },
    ...(renderFor ? [{ label: 'Stop assuming', onSelect: () => assumeIdentity(null) }] : []),
    { label: 'Logout', onSelect: requestSignOut },
  ];

  return (
    <Bar>
      <IconButton
        aria-label="Toggle navigation"
        aria-expanded={navExpanded}
        aria-controls={navId}
        onClick={onToggleNav}
      >
        <MenuIcon />
      </IconButton>
      <Logo />
      <Title>Procurement Portal</Title>
      <StatusSlot>{status}</StatusSlot>
      {offline && <OfflineBadge title="The server cannot be reached; showing what this browser has saved">Offline</OfflineBadge>}
      <Who>
        <UserName data-testid="user-name">
          {firstName} {lastName}
        </UserName>
        <Company $assumed={renderFor !== null}>
          {renderFor && 'Viewing as '}
          <span data-testid="company-name">{companyName}</span>
        </Company>
      </Who>
      <MenuButton label="Account menu" items={items}>
        <Avatar aria-hidden="true" data-initials={`${firstName.charAt(0)}${lastName.charAt(0)}`} />
      </MenuButton>
      {warning}
    </Bar>
  );
}
