import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { insertUser } from '../../server/accounts/insert-user';
import type { Db } from '../../server/db/database';
import { idList, inIdList } from '../../server/db/id-list';
import { migrateToLatest } from '../../server/db/migrations';
import { preparedQuery } from '../../server/db/prepared-query';
import { seedOrgsAndUsers } from '../../server/db/demo/seed-orgs';
import { createTestDatabase } from './helpers/test-database';

/**
 * A query compiled once (server/db/prepared-query.ts) answers each run for that run's
 * values, on each database it meets, with the values fixed at compile time kept.
 */
let db: Db;
let drop: () => Promise<void>;
beforeEach(async () => {
  ({ db, drop } = await createTestDatabase(mkdtempSync(join(tmpdir(), 'portal-test-'))));
  await migrateToLatest(db);
  await seedOrgsAndUsers(db);
});
afterEach(async () => {
  await drop();
});

const usersOfOrg = preparedQuery((d, v: { orgKey: string; like: string; limit: number }) =>
  d
    .selectFrom('users as u')
    .innerJoin('orgs as o', 'o.org_no', 'u.org_no')
    .select('u.username')
    .where('o.unique_key', '=', v.orgKey)
    .where('u.deleted', '=', 0)
    .where(sql<boolean>`u.username like ${v.like}`)
    .orderBy('u.username')
    .limit(v.limit),
);

async function expected(orgKey: string, like: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('orgs as o', 'o.org_no', 'u.org_no')
    .select('u.username')
    .where('o.unique_key', '=', orgKey)
    .where('u.deleted', '=', 0)
    .where(sql<boolean>`u.username like ${like}`)
    .orderBy('u.username')
    .limit(limit)
    .execute();
  return rows.map((r) => r.username);
}

test('each run is answered for its own values, as the same query built afresh answers them', async () => {
  const orgs = await db.selectFrom('orgs').select('unique_key').orderBy('unique_key').execute();
  const runs: Array<[string, string, number]> = [];
  for (const { unique_key } of orgs) runs.push([unique_key, '%', 50], [unique_key, '%', 1], [unique_key, 'nobody%', 50]);
  let nonEmpty = 0;
  for (const [orgKey, like, limit] of runs) {
    const got = (await usersOfOrg(db, { orgKey, like, limit })).map((r) => r.username);
    expect(got).toEqual(await expected(orgKey, like, limit));
    if (got.length > 0) nonEmpty++;
  }
  // The comparison means something only if some runs found users and others did not.
  expect(nonEmpty).toBeGreaterThan(1);
  expect(nonEmpty).toBeLessThan(runs.length);
});

test('a transaction runs the query on its own connection and sees its own writes', async () => {
  const [org] = await db.selectFrom('orgs').select(['org_no', 'unique_key']).limit(1).execute();
  const before = await usersOfOrg(db, { orgKey: org!.unique_key, like: 'added-%', limit: 10 });
  expect(before).toEqual([]);
  const inside = await db.transaction().execute(async (trx) => {
    await insertUser(trx, {
      orgNo: org!.org_no,
      firstName: 'Added',
      lastName: 'Inside',
      email: 'added-in-trx@example.test',
      username: 'added-in-trx@example.test',
      type: 'REGULAR',
      passwordHash: null,
    });
    return usersOfOrg(trx, { orgKey: org!.unique_key, like: 'added-%', limit: 10 });
  });
  expect(inside.map((r) => r.username)).toEqual(['added-in-trx@example.test']);
});

const usersById = preparedQuery((d, v: { ids: unknown }) => d.selectFrom('users').select('user_no').where(inIdList(d, 'user_no', v.ids)).orderBy('user_no'));

test('a list of ids as one parameter finds the same rows as an `in` of each id, whatever its length', async () => {
  const all = (await db.selectFrom('users').select('user_no').orderBy('user_no').execute()).map((r) => r.user_no);
  expect(all.length).toBeGreaterThan(3);
  const absent = Math.max(...all) + 1000;
  const lists = [[all[0]!], all.slice(1, 4), all, [absent], [all[2]!, absent, all[2]!]];
  for (const ids of lists) {
    const got = (await usersById(db, { ids: idList(db, ids) })).map((r) => r.user_no);
    const expected = (await db.selectFrom('users').select('user_no').where('user_no', 'in', ids).orderBy('user_no').execute()).map((r) => r.user_no);
    expect(got).toEqual(expected);
  }
});
