import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { fieldErrors } from '../../src/domain/messages';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { sendMail } from '../mail/mailer';

const RECOVERY_CODE_TTL_MS = 15 * 60 * 1000;
export const RECOVERY_CODE_MAX_ATTEMPTS = 5;
/** More requests than this within the code lifetime send no further mail, so nobody can flood a mailbox. */
export const RECOVERY_CODES_PER_WINDOW = 5;
/** Eight digits: a guesser's odds per try are one in a hundred million. */
const RECOVERY_CODE_DIGITS = 8;
/** Code requests one address may make in 15 minutes, known usernames or not. */
export const RECOVERY_REQUESTS_PER_ADDRESS = 10;
/** Wrong codes one address may try in 15 minutes, across every account. */
export const RECOVERY_GUESSES_PER_ADDRESS = 10;
/** Wrong codes the whole portal takes in 15 minutes, from every address: a guesser with many addresses stops here. */
export const RECOVERY_GUESSES_TOTAL = 300;

export const recoveryRequestKey = (address: string) => `recovery-request:${address}`;
export const recoveryGuessKey = (address: string) => `recovery-guess:${address}`;
export const RECOVERY_GUESS_TOTAL_KEY = 'recovery-guess:*';

function hashCode(config: ServerConfig, userNo: number, code: string): string {
  return createHmac('sha256', config.secret).update(`recovery:${userNo}:${code}`).digest('hex');
}

export async function findActiveUser(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['user_no', 'org_no', 'username', 'email', 'first_name', 'last_name', 'password_hash'])
    .where('username', '=', username.trim().toLowerCase())
    .where('deleted', '=', 0)
    .executeTakeFirst();
}

/**
 * Stores a fresh 8-digit code (hashed) for the user and mails it; older codes of the
 * user stop working. Unknown usernames do nothing. It runs after the answer has left
 * (server/http/after-answer.ts), so neither the answer nor its timing tells whether an
 * account exists.
 */
export async function issueRecoveryCode(db: Db, config: ServerConfig, username: string): Promise<void> {
  const user = await findActiveUser(db, username);
  if (!user) return;
  const recent = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_no', '=', user.user_no)
    .where('created_at', '>', new Date(Date.now() - RECOVERY_CODE_TTL_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= RECOVERY_CODES_PER_WINDOW) return;
  const code = String(randomInt(0, 10 ** RECOVERY_CODE_DIGITS)).padStart(RECOVERY_CODE_DIGITS, '0');
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('recovery_codes').set({ used: 1 }).where('user_no', '=', user.user_no).where('used', '=', 0).execute();
    await trx
      .insertInto('recovery_codes')
      .values({
        user_no: user.user_no,
        code_hash: hashCode(config, user.user_no, code),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RECOVERY_CODE_TTL_MS).toISOString(),
        attempts: 0,
        used: 0,
      })
      .execute();
  });
  await sendMail(config, {
    to: user.email,
    subject: 'Your password recovery code',
    text:
      `Hello ${user.first_name},\n\n` +
      `Your verification code is ${code}\n\n` +
      'Enter it on the password recovery page within 15 minutes to choose a new password.\n' +
      'If you did not ask to reset your password, you can ignore this message.\n',
  });
}

/**
 * Checks a code against the user's newest unused one. A wrong guess counts against
 * that code, which is void after five. Returns the code's id, or the error to show.
 */
export async function checkRecoveryCode(
  db: Db,
  config: ServerConfig,
  userNo: number,
  code: string,
): Promise<{ codeId: number } | { error: string }> {
  const invalid = { error: fieldErrors.recoveryCodeInvalid };
  const row = await db
    .selectFrom('recovery_codes')
    .selectAll()
    .where('user_no', '=', userNo)
    .where('used', '=', 0)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.expires_at < new Date().toISOString() || row.attempts >= RECOVERY_CODE_MAX_ATTEMPTS) return invalid;
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(config, userNo, code.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await db.updateTable('recovery_codes').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
    return invalid;
  }
  return { codeId: row.id };
}
