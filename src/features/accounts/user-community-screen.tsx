import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useAccount, useCommunityUsers, type CommunityUserRow } from '../../local/hooks/use-accounts';
import { useActiveSession } from '../../local/session/use-session';
import { isTemporaryKey } from '../../local/db/store-keys';
import { Button } from '../../ui/button/Button';
import type { Column } from '../../ui/data-table/columns';
import { DataTable } from '../../ui/data-table/DataTable';
import { Page, PageTitle } from '../../ui/page';
import { Toolbar } from './accounts.styles';
import { UserDrawer } from './user-drawer';

const columns: Column<CommunityUserRow>[] = [
  { id: 'firstName', header: 'First Name', minWidth: 150, cell: (u) => String(u.firstName ?? '') },
  { id: 'lastName', header: 'Last Name', minWidth: 120, cell: (u) => String(u.lastName ?? '') },
  { id: 'email', header: 'Email', minWidth: 224, kind: 'code', priority: 2, cell: (u) => String(u.email ?? '') },
  { id: 'type', header: 'User Type', minWidth: 110, priority: 2, cell: (u) => String(u.type ?? '') },
];

/** The User Community of one account (support only): its users, 20 a page, and the Add/Edit User drawer. */
export function UserCommunityScreen() {
  const { orgid } = useParams({ from: '/shell/app/accounts/$orgid/user' });
  const { profile } = useActiveSession();
  const supportOrgId = profile.policy.orgId;
  const account = useAccount(supportOrgId, orgid);
  const { rows, loadMore, loading, exhausted } = useCommunityUsers(supportOrgId, orgid);
  const [editing, setEditing] = useState<{ key: string | null } | null>(null);

  return (
    <Page>
      <PageTitle>User Community{account?.name ? ` of ${String(account.name)}` : ''}</PageTitle>
      <Toolbar>
        <span />
        <Button onClick={() => setEditing({ key: null })}>Add User</Button>
      </Toolbar>
      <DataTable
        label="Users"
        rows={rows}
        columns={columns}
        rowKey={(u) => u.key}
        rowState={(u) => ({ dimmed: isTemporaryKey(u.key) })}
        onActivate={(u) => setEditing({ key: u.key })}
        loadMore={loadMore}
        loadMoreAt={1}
        loading={loading}
        exhausted={exhausted}
        loadingText="Loading users…"
        height="calc(100dvh - 260px)"
      />
      {editing && (
        <UserDrawer
          supportOrgId={supportOrgId}
          orgId={orgid}
          userKey={editing.key}
          onSelect={(key) => setEditing({ key })}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
