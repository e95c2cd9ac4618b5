import { sql } from 'kysely';
import type { Db } from '../db/database';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const DELAY_AFTER_FAILURES = 5;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MS = 15 * 60 * 1000;

export const usernameKey = (username: string) => `user:${username}`;
export const addressKey = (address: string) => `addr:${address}`;

export interface ThrottleState {
  locked: boolean;
  slowDown: boolean;
}

/** Whether sign-ins for these keys (a username and a client address) are refused or held back. */
export async function throttleState(db: Db, keys: string[], now = new Date()): Promise<ThrottleState> {
  const rows = await db.selectFrom('login_failures').selectAll().where('key', 'in', keys).execute();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  return {
    locked: rows.some((r) => r.locked_until !== null && r.locked_until > nowIso),
    slowDown: rows.some((r) => r.window_start > windowStart && r.failures >= DELAY_AFTER_FAILURES),
  };
}

/** Counts one failure per key; the counting window restarts once it is older than 15 minutes. */
export async function recordFailure(db: Db, keys: string[], now = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    // Counts whose window and lock are both over say nothing any more; dropping them keeps the table small.
    await trx
      .deleteFrom('login_failures')
      .where('window_start', '<=', windowStart)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
      .execute();
    const lockedUntil = new Date(now.getTime() + LOCK_MS).toISOString();
    // A count whose window is over (and that holds no lock) starts again at 1.
    const stale = sql<boolean>`login_failures.window_start <= ${windowStart} and (login_failures.locked_until is null or login_failures.locked_until <= ${nowIso})`;
    const failures = sql<number>`case when ${stale} then 1 else login_failures.failures + 1 end`;
    for (const key of keys) {
      // One statement per key: failures counted by several server processes at once all count.
      await trx
        .insertInto('login_failures')
        .values({ key, failures: 1, window_start: nowIso, locked_until: null })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures,
            window_start: sql<string>`case when ${stale} then ${nowIso} else login_failures.window_start end`,
            locked_until: sql<string | null>`case when ${failures} >= ${LOCK_AFTER_FAILURES} then ${lockedUntil} else null end`,
          }),
        )
        .execute();
    }
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
