import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Counters of recent events (failed sign-ins, wrong recovery codes, recovery requests,
 * wrong old passwords) in the `login_failures` table, shared by every server process.
 * A count covers one window of 15 minutes from its first event; an older one starts
 * again. docs/throttles.md lists what each counter limits and how.
 */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Sign-in: failures of one username from one address before its answers are held back. */
const DELAY_AFTER_FAILURES = 5;
/** The longest a sign-in answer is held back, however many failures the pair has. */
const MAX_FAILURE_DELAY_MS = 30_000;

/**
 * One username from one address: a guesser elsewhere (or behind the same NAT, trying
 * other usernames) never slows the user's own sign-in, let alone refuses it.
 */
export const signInKey = (username: string, address: string) => `signin:${JSON.stringify([username, address])}`;

/**
 * How long a sign-in of a pair with this many recent failures is held back: nothing
 * for the first five, then `baseMs`, doubling with each further failure up to 30 s.
 * Never a refusal: the right password still signs in, only later.
 */
export function signInDelayMs(failures: number, baseMs: number): number {
  if (failures < DELAY_AFTER_FAILURES || baseMs <= 0) return 0;
  return Math.min(baseMs * 2 ** (failures - DELAY_AFTER_FAILURES), MAX_FAILURE_DELAY_MS);
}

/** The events counted for `key` in its current window (0 once the window is over). */
export async function recentCount(db: Db, key: string, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const row = await db.selectFrom('login_failures').select('failures').where('key', '=', key).where('window_start', '>', windowStart).executeTakeFirst();
  return row?.failures ?? 0;
}

/** Counts one event per key; a count whose window is over starts again at 1. */
export async function recordFailure(db: Db, keys: string[], now = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    // Counts whose window is over say nothing any more; dropping them keeps the table small.
    await trx.deleteFrom('login_failures').where('window_start', '<=', windowStart).execute();
    const stale = sql<boolean>`login_failures.window_start <= ${windowStart}`;
    for (const key of keys) {
      // One statement per key: events counted by several server processes at once all count.
      await trx
        .insertInto('login_failures')
        .values({ key, failures: 1, window_start: nowIso })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`case when ${stale} then 1 else login_failures.failures + 1 end`,
            window_start: sql<string>`case when ${stale} then ${nowIso} else login_failures.window_start end`,
          }),
        )
        .execute();
    }
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
