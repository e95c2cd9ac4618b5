import { AccountsTable } from './accounts-table';

/**
 * The accounts list with an assume-role action, for a support user who has not
 * assumed a role (the catalogue's prompt composes it through its route).
 */
export function AssumeRolePicker() {
  return <AccountsTable height="min(60vh, 560px)" />;
}
