import { useState } from 'react';
import { useActiveSession } from '../../local/session/use-session';
import { Button } from '../../ui/button/Button';
import { Page, PageTitle } from '../../ui/page';
import { AccountDrawer } from './account-drawer';
import { AccountsTable } from './accounts-table';

/** Drawer state: closed, a new account (key null), or an account by key. */
type Editing = { key: string | null } | null;

/** Accounts (support only): the list with edit, assume role and users, and the Add/Edit Account drawer. */
export function AccountsScreen() {
  const { profile } = useActiveSession();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <Page>
      <PageTitle>Accounts</PageTitle>
      <AccountsTable
        onEdit={(account) => setEditing({ key: account.key })}
        toolbar={<Button onClick={() => setEditing({ key: null })}>Add Account</Button>}
        height="calc(100dvh - 280px)"
      />
      {editing && (
        <AccountDrawer
          supportOrgId={profile.policy.orgId}
          accountKey={editing.key}
          onSelect={(key) => setEditing({ key })}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
