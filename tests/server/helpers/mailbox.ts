import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredMail } from '../../../server/mail/mailer';

/**
 * The messages the file transport wrote under `<dataDir>/mail/` for one address,
 * oldest first (file names start with the ISO time, so they sort by time).
 */
export function mailsTo(dataDir: string, address: string): StoredMail[] {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as StoredMail)
    .filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The verification code of the newest recovery mail to that address. */
export function latestRecoveryCode(dataDir: string, address: string): string {
  const mails = mailsTo(dataDir, address);
  const code = mails.at(-1)?.text.match(/verification code is (\d{8})/)?.[1];
  if (!code) throw new Error(`No recovery code was mailed to ${address}`);
  return code;
}
