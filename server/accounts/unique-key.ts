import { randomBytes } from 'node:crypto';
import { newAccountUniqueKey } from '../../src/domain/rules/account-unique-key';
import type { Tx } from '../sync/change-log';

/** True when an organisation (deleted ones included) holds the key: a key is never given twice. */
export async function uniqueKeyTaken(trx: Tx, key: string): Promise<boolean> {
  return (await trx.selectFrom('orgs').select('org_no').where('unique_key', '=', key).executeTakeFirst()) !== undefined;
}

/** A fresh 12-character key no organisation holds. */
export async function newUniqueKey(trx: Tx): Promise<string> {
  for (;;) {
    const key = newAccountUniqueKey(randomBytes);
    if (!(await uniqueKeyTaken(trx, key))) return key;
  }
}
