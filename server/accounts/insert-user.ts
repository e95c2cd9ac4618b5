import type { Tx } from '../sync/change-log';
import { recordChange } from '../sync/change-log';
import { supportScopes } from './support-scopes';

export interface NewUser {
  orgNo: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  type: string;
  /** Null: the user sets a password through recovery, which also proves the address. */
  passwordHash: string | null;
}

/**
 * Adds a user who accepts the terms at the first sign-in, and puts it in the support
 * scopes' changes feed, so support screens mirror it wherever it was made (accounts
 * screen or CLI). Returns its number.
 */
export async function insertUser(trx: Tx, user: NewUser): Promise<number> {
  const { user_no: userNo } = await trx
    .insertInto('users')
    .values({
      org_no: user.orgNo,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      username: user.username,
      type: user.type,
      password_hash: user.passwordHash,
      policy_state: 'TERMS_OF_USE',
      created_at: new Date().toISOString(),
      rev: 0,
      deleted: 0,
    })
    .returning('user_no')
    .executeTakeFirstOrThrow();
  const rev = await recordChange(trx, { entity: 'user', key: String(userNo), op: 'upsert', scopes: await supportScopes(trx) });
  await trx.updateTable('users').set({ rev }).where('user_no', '=', userNo).execute();
  return userNo;
}
