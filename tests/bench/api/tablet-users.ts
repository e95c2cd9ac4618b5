import { runCli } from '../../../server/cli';
import { signIn } from './sign-in';

/** A password the policy accepts (zxcvbn score 3 or more, none of the user's names in it). */
const TABLET_PASSWORD = 'Dock-tablet-storm-7319!';
/** Users made a couple at a time: each hashes a password (argon2id, 19 MiB) and the machine is shared. */
const PARALLEL = 2;

/** Where the server under load keeps its data: the command line opens the same database. */
export interface ServerData {
  dataDir: string;
  databaseUrl?: string;
}

/**
 * `count` users of one organisation, each signed in on a tablet of its own, as a
 * buyer's dock and warehouse staff are: made by the command line's `create-user` (the
 * operator's way of adding a user with a password; the User Community screen adds users
 * who set theirs through a mailed recovery code), signed in through the login form with
 * its human check, and past the terms of use, which every new user accepts first.
 * Answers each tablet's session cookie. `tag` keeps the usernames of two runs apart.
 */
export async function signInTablets(baseUrl: string, data: ServerData, orgKey: string, count: number, tag: string): Promise<string[]> {
  const env = { ...process.env, PORTAL_DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl ?? '', PORTAL_PASSWORD: TABLET_PASSWORD };
  const failures: string[] = [];
  const io = { out: () => undefined, err: (line: string) => failures.push(line), ask: async () => '', env };
  const cookies: string[] = [];
  for (let i = 0; i < count; i += PARALLEL) {
    const batch = Array.from({ length: Math.min(PARALLEL, count - i) }, async (_, j) => {
      const n = i + j + 1;
      const username = `tablet-${tag}-${n}@uni.demo.test`;
      const args = ['create-user', '--email', username, '--first', 'Dock', '--last', `Tablet ${n}`, '--type', 'ADMIN', '--org', orgKey];
      if ((await runCli(args, io)) !== 0) throw new Error(`create-user ${username} failed: ${failures.join('; ')}`);
      const cookie = await signIn(baseUrl, username, TABLET_PASSWORD);
      const accepted = await fetch(`${baseUrl}/api/policy/actions/acceptTermsOfUse`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!accepted.ok) throw new Error(`${username} could not accept the terms of use: ${accepted.status} ${await accepted.text()}`);
      return cookie;
    });
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}
