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
    for (const key of keys) {
      const row = await trx.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
      const fresh = !row || (row.window_start <= windowStart && !(row.locked_until && row.locked_until > nowIso));
      const failures = fresh ? 1 : row.failures + 1;
      const lockedUntil = failures >= LOCK_AFTER_FAILURES ? new Date(now.getTime() + LOCK_MS).toISOString() : null;
      const values = { failures, window_start: fresh ? nowIso : row.window_start, locked_until: lockedUntil };
      if (row) await trx.updateTable('login_failures').set(values).where('key', '=', key).execute();
      else {
        await trx
          .insertInto('login_failures')
          .values({ key, ...values })
          .onConflict((oc) => oc.column('key').doUpdateSet(values))
          .execute();
      }
    }
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
