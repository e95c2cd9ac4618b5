import { createHash, timingSafeEqual } from 'node:crypto';
import type { CxmlCredentialInput, CxmlCredentialView } from '../../../src/domain/schemas/cxml-credential';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import type { Tx } from '../../sync/change-log';
import type { CxmlCredential } from './cxml-envelope';

/**
 * cXML credentials of organisations, for either direction: the party a document comes
 * From proves itself with its shared secret (a buyer's OrderRequest, a supplier's
 * InvoiceDetailRequest), the party it goes To is found by any of its identities.
 * Domains compare without case, identities exactly.
 */

const orgOfIdentity = preparedQuery((db, v: { domainLc: string; identity: string }) =>
  db.selectFrom('cxml_identities').select('org_key').where('domain_lc', '=', v.domainLc).where('identity', '=', v.identity),
);

/** The organisation named by the first of the credentials that one holds, or null. */
export async function orgOfCredentials(db: Db | Tx, credentials: CxmlCredential[]): Promise<string | null> {
  for (const c of credentials) {
    if (!c.domain || !c.identity) continue;
    const [row] = await orgOfIdentity(db, { domainLc: c.domain.toLowerCase(), identity: c.identity });
    if (row) return row.org_key;
  }
  return null;
}

/**
 * Secrets this process has verified, by the stored hash they matched: argon2 costs tens of
 * milliseconds, too much for every order a busy buyer system sends. Holding the SHA-256 of
 * the accepted secret keeps a changed secret (a new hash) from being let in by an old entry.
 */
const verified = new Map<string, Buffer>();
const VERIFIED_MAX = 1000;

const digest = (secret: string) => createHash('sha256').update(secret).digest();

async function secretMatches(storedHash: string | null, secret: string | null): Promise<boolean> {
  if (!storedHash || secret === null) return false;
  const known = verified.get(storedHash);
  if (known) return timingSafeEqual(known, digest(secret));
  if (!(await verifyPassword(storedHash, secret))) return false;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(storedHash, digest(secret));
  return true;
}

const storedSecretHash = preparedQuery((db, v: { orgKey: string }) => db.selectFrom('cxml_credentials').select('secret_hash').where('org_key', '=', v.orgKey));

/**
 * The sender: the organisation From named (orgOfCredentials), if its stored secret matches
 * the document's SharedSecret. An unknown identity and a wrong secret both answer null, so
 * a caller cannot tell which one it got wrong.
 */
export async function authenticateSender(db: Db, orgKey: string | null, secret: string | null): Promise<string | null> {
  if (!orgKey) {
    // The same work as for a known organisation: the answer's time does not tell either.
    await verifyPassword(DUMMY_HASH, secret ?? '');
    return null;
  }
  const [row] = await storedSecretHash(db, { orgKey });
  return (await secretMatches(row?.secret_hash ?? null, secret)) ? orgKey : null;
}

/** An argon2id hash of nothing anyone sends, verified against when no organisation matched. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$8ZwVc3j0puGQzoXUPjGamg$oJgmvLG+fjbG3yfz2qFZI/j4I2sNOaxeIVycz57Amqs';

export async function readCredential(db: Db | Tx, orgKey: string): Promise<CxmlCredentialView> {
  const identities = await db
    .selectFrom('cxml_identities')
    .select(['domain', 'identity'])
    .where('org_key', '=', orgKey)
    .orderBy('id')
    .execute();
  const row = await db.selectFrom('cxml_credentials').select('secret_hash').where('org_key', '=', orgKey).executeTakeFirst();
  return { identities, sharedSecretSet: Boolean(row?.secret_hash) };
}

/** Identities taken by another organisation: each names one organisation only. */
export async function identitiesTakenElsewhere(db: Db | Tx, orgKey: string, identities: CxmlCredential[]): Promise<CxmlCredential[]> {
  const taken: CxmlCredential[] = [];
  for (const i of identities) {
    const row = await db
      .selectFrom('cxml_identities')
      .select('org_key')
      .where('domain_lc', '=', i.domain.toLowerCase())
      .where('identity', '=', i.identity)
      .where('org_key', '!=', orgKey)
      .executeTakeFirst();
    if (row) taken.push(i);
  }
  return taken;
}

/**
 * The stored form of a secret the PUT carries: undefined keeps the stored one, null removes
 * it. Hashed before the transaction, so argon2's time holds no database lock.
 */
export async function secretHashOf(input: CxmlCredentialInput): Promise<string | null | undefined> {
  if (input.sharedSecret === undefined || input.sharedSecret === null) return undefined;
  return input.sharedSecret === '' ? null : hashPassword(input.sharedSecret);
}

/** Replaces the organisation's identities, and its secret unless `secretHash` is undefined. */
export async function saveCredential(trx: Tx, orgKey: string, identities: CxmlCredential[], secretHash: string | null | undefined, now = new Date()): Promise<void> {
  await trx.deleteFrom('cxml_identities').where('org_key', '=', orgKey).execute();
  const unique = new Map(identities.map((i) => [`${i.domain.toLowerCase()}\n${i.identity}`, i]));
  if (unique.size > 0) {
    await trx
      .insertInto('cxml_identities')
      .values([...unique.values()].map((i) => ({ org_key: orgKey, domain: i.domain, domain_lc: i.domain.toLowerCase(), identity: i.identity })))
      .execute();
  }
  const existing = await trx.selectFrom('cxml_credentials').select('secret_hash').where('org_key', '=', orgKey).executeTakeFirst();
  const stored = secretHash === undefined ? (existing?.secret_hash ?? null) : secretHash;
  if (existing) {
    await trx.updateTable('cxml_credentials').set({ secret_hash: stored, updated_at: now.toISOString() }).where('org_key', '=', orgKey).execute();
  } else {
    await trx.insertInto('cxml_credentials').values({ org_key: orgKey, secret_hash: stored, updated_at: now.toISOString() }).execute();
  }
}
