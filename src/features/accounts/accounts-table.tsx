import { createLink } from '@tanstack/react-router';
import { useState } from 'react';
import { SEARCH_DELAY_MS } from '../../domain/constants';
import { isUnsentAccount, useAccountList, type AccountRow } from '../../local/hooks/use-accounts';
import { useActiveSession } from '../../local/session/use-session';
import { isTemporaryKey } from '../../local/db/store-keys';
import { IconButton } from '../../ui/button/Button';
import type { Column } from '../../ui/data-table/columns';
import { DataTable } from '../../ui/data-table/DataTable';
import { Field } from '../../ui/field/Field';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value';
import { AlertIcon, EditIcon, PeopleIcon, SwitchUserIcon } from '../../ui/icons/action-icons';
import { Badged, IconLink, RowActions, Toolbar } from './accounts.styles';
import { useAssumeRole } from './use-assume-role';

const UsersLink = createLink(IconLink);

const TYPE_NAMES: Record<number, string> = { 1: 'Supplier', 2: 'University' };

interface AccountsTableProps {
  /** The accounts screen edits; the catalogue's picker only assumes a role. */
  onEdit?(account: AccountRow): void;
  /** Beside the name filter, e.g. the add-account button. */
  toolbar?: React.ReactNode;
  height?: string;
}

/**
 * The accounts list: filtered by name at once in what this browser holds, and by the
 * server once typing pauses; 20 a page, the next asked for at the sixth-last row.
 */
export function AccountsTable({ onEdit, toolbar, height }: AccountsTableProps) {
  const { profile } = useActiveSession();
  const [filter, setFilter] = useState('');
  const searched = useDebouncedValue(filter, SEARCH_DELAY_MS);
  const { rows, loadMore, loading, exhausted } = useAccountList(profile.policy.orgId, filter, searched);
  const assume = useAssumeRole();

  const actions: Column<AccountRow> = {
    id: 'actions',
    header: 'Actions',
    // Three (or one) 44 px targets and the cell's padding.
    minWidth: onEdit ? 176 : 76,
    width: onEdit ? '176px' : '76px',
    kind: 'control',
    cell: (account) => {
      const name = String(account.name ?? '');
      const unsent = isUnsentAccount(account);
      return (
        <RowActions onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          {onEdit && (
            <IconButton aria-label={account.alert ? `Edit ${name} (has an alert)` : `Edit ${name}`} onClick={() => onEdit(account)}>
              <Badged>
                <EditIcon />
                {account.alert === true && <AlertIcon />}
              </Badged>
            </IconButton>
          )}
          <IconButton aria-label={`Assume role of ${name}`} disabled={unsent} onClick={() => assume(account)}>
            <SwitchUserIcon />
          </IconButton>
          {onEdit && !isTemporaryKey(account.key) && (
            <UsersLink to="/app/accounts/$orgid/user" params={{ orgid: account.key }} aria-label={`Users of ${name}`}>
              <PeopleIcon />
            </UsersLink>
          )}
        </RowActions>
      );
    },
  };

  const columns: Column<AccountRow>[] = [
    { id: 'name', header: 'Name', minWidth: 160, cell: (a) => String(a.name ?? '') },
    { id: 'type', header: 'Account Type', minWidth: 120, priority: 2, cell: (a) => TYPE_NAMES[Number(a.type)] ?? '' },
    { id: 'suburb', header: 'Suburb', minWidth: 120, priority: 3, cell: (a) => String(a.address2 ?? '') },
    { id: 'state', header: 'State', minWidth: 80, priority: 3, cell: (a) => String(a.state ?? '') },
    { id: 'postCode', header: 'Post Code', minWidth: 100, priority: 3, cell: (a) => String(a.postCode ?? '') },
    actions,
  ];

  return (
    <>
      <Toolbar>
        <Field label="Name" type="search" inputMode="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        {toolbar}
      </Toolbar>
      <DataTable
        label="Accounts"
        rows={rows}
        columns={columns}
        rowKey={(a) => a.key}
        rowState={(a) => ({ dimmed: isUnsentAccount(a) })}
        onActivate={onEdit}
        loadMore={loadMore}
        loadMoreAt={6}
        loading={loading}
        exhausted={exhausted}
        loadingText="Loading accounts…"
        height={height}
      />
    </>
  );
}
