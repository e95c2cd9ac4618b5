import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_NAMES } from '../../src/domain/constants';
import { isValidSscc } from '../../src/domain/gs1/sscc';
import { scanMessages } from '../../src/domain/scan-messages';
import { createDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import { reserveSerials } from '../../server/packing/sscc-serials';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';

const SUPPLIER = 'supplier@acme.demo.test';
const BUYER = 'buyer@uni.demo.test';
const OTHER_SUPPLIER = 'admin@biolab.demo.test';
const ACME = 'SUPACMESCI01';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const reserve = (user: string, count: unknown, seller = ACME) => t.as(user, { method: 'POST', url: `/api/seller/${seller}/sscc`, payload: { count } });

describe('SSCCs for packages', () => {
  it('refuses a supplier without a GS1 company prefix, saying why, and anyone but the supplier', async () => {
    const none = await reserve(SUPPLIER, 2);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ errors: [scanMessages.noCompanyPrefix] });
    expect((await reserve(BUYER, 2)).statusCode).toBe(403);
    expect((await reserve(OTHER_SUPPLIER, 2)).statusCode).toBe(403);
    expect((await reserve(SUPPLIER, 0)).statusCode).toBe(400);
    expect((await reserve(SUPPLIER, 101)).statusCode).toBe(400);
  });

  it("builds SSCCs on the prefix of the supplier's account properties, each serial once", async () => {
    const bad = await t.as(SUPPLIER, { method: 'POST', url: `/api/org/${ACME}/property`, payload: { property: PROPERTY_NAMES.gs1CompanyPrefix, value: '06141' } });
    expect(bad.statusCode).toBeLessThan(300);
    await t.db.updateTable('properties').set({ value: 'ACME' }).where('property', '=', PROPERTY_NAMES.gs1CompanyPrefix).execute();
    expect((await reserve(SUPPLIER, 1)).json()).toMatchObject({ errors: [scanMessages.badCompanyPrefix('ACME')] });
    await t.db.updateTable('properties').set({ value: '0614141' }).where('property', '=', PROPERTY_NAMES.gs1CompanyPrefix).execute();

    const first = await reserve(SUPPLIER, 3);
    expect(first.statusCode).toBe(201);
    const second = await reserve(SUPPLIER, '2');
    const ssccs = [...(first.json() as { ssccs: string[] }).ssccs, ...(second.json() as { ssccs: string[] }).ssccs];
    // Extension digit 0, prefix 0614141, serial references from 000000001 (a refused reservation takes none), check digit.
    expect(ssccs.every(isValidSscc)).toBe(true);
    expect(ssccs.every((s) => s.startsWith('00614141'))).toBe(true);
    expect(ssccs.map((s) => Number(s.slice(8, 17)))).toEqual([1, 2, 3, 4, 5]);
  });

  it('never hands out a serial twice, across processes sharing the database', async () => {
    const rounds = 15;
    const size = 4;
    const processes = 3;
    // Processes share the database: a file for SQLite (the other tests' is in memory), the suite's PostgreSQL otherwise.
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-sscc-'));
    const made = process.env.PORTAL_TEST_DATABASE_URL
      ? await createTestDatabase(dataDir)
      : { db: createDatabase({ databaseUrl: null, dataDir }), url: null, drop: async () => undefined };
    const db = made.db;
    await migrateToLatest(db);
    const before = await reserveSerials(db, 'SUPPACKTEST', 1);
    const runs = Array.from(
      { length: processes },
      () =>
        new Promise<number[]>((resolve, reject) => {
          const child = fork(join(import.meta.dirname, 'helpers', 'sscc-reserve-process.ts'), {
            execArgv: ['--import', 'tsx'],
            env: { ...process.env, PORTAL_DATA_DIR: dataDir, DATABASE_URL: made.url ?? '', SELLER: 'SUPPACKTEST', ROUNDS: String(rounds), SIZE: String(size) },
            stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          });
          child.once('message', (firsts) => resolve(firsts as number[]));
          child.once('error', reject);
          child.once('exit', (code) => code !== 0 && reject(new Error(`reserving process exited with ${code}`)));
        }),
    );
    const serials = (await Promise.all(runs)).flat().flatMap((first) => Array.from({ length: size }, (_, i) => first + i));
    const after = await reserveSerials(db, 'SUPPACKTEST', 1);
    if (made.url) await made.drop();
    else await db.destroy();
    expect(new Set(serials).size).toBe(rounds * size * processes);
    expect(Math.min(...serials)).toBe(before + 1);
    expect(after).toBe(before + 1 + rounds * size * processes);
  }, 60_000);
});
