import { randomInt } from 'node:crypto';
import { ACCOUNT_UNIQUE_KEY_LENGTH } from '../../src/domain/constants';
import type { Tx } from '../sync/change-log';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomKey(): string {
  let key = '';
  for (let i = 0; i < ACCOUNT_UNIQUE_KEY_LENGTH; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/** A fresh 12-character key no organisation (deleted ones included) holds. */
export async function newUniqueKey(trx: Tx): Promise<string> {
  for (;;) {
    const key = randomKey();
    const taken = await trx.selectFrom('orgs').select('org_no').where('unique_key', '=', key).executeTakeFirst();
    if (!taken) return key;
  }
}
