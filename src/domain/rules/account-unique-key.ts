import { ACCOUNT_UNIQUE_KEY_LENGTH } from '../constants';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SHAPE = new RegExp(`^[${ALPHABET}]{${ACCOUNT_UNIQUE_KEY_LENGTH}}$`);

/** `count` random bytes from a cryptographic source: the platform's, handed in, since the domain uses none itself. */
export type RandomBytes = (count: number) => Uint8Array;

/**
 * A new account's 12-character unique key. The browser makes it when support saves a
 * new account, so the account's properties, EDI settings and UOM mapping can be queued
 * under their real path before the server has seen the account; the server makes one
 * when a request brings none. Each passes its own random source (Web Crypto, node:crypto).
 */
export function newAccountUniqueKey(randomBytes: RandomBytes): string {
  // 252 is the largest multiple of 36 under 256: rejecting bytes above it keeps every character equally likely.
  const limit = 256 - (256 % ALPHABET.length);
  let key = '';
  while (key.length < ACCOUNT_UNIQUE_KEY_LENGTH) {
    for (const byte of randomBytes(ACCOUNT_UNIQUE_KEY_LENGTH)) {
      if (byte < limit && key.length < ACCOUNT_UNIQUE_KEY_LENGTH) key += ALPHABET[byte % ALPHABET.length];
    }
  }
  return key;
}

/** True for a key of the shape `newAccountUniqueKey` makes. */
export const isAccountUniqueKey = (key: string) => SHAPE.test(key);
