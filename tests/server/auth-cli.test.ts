import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import { verifyPassword } from '../../server/auth/password';
import { runCli, type CliIo } from '../../server/cli';
import { createDatabase } from '../../server/db/database';

const STRONG = 'Quartz-Lantern-Meadow-42';

let dataDir: string;
let out: string[];
let err: string[];
let answers: string[];

function io(env: Record<string, string> = {}): CliIo {
  return {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    ask: async () => answers.shift() ?? '',
    env: { PORTAL_DATA_DIR: dataDir, PORTAL_SECRET: 'cli-test', ...env },
  };
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
  out = [];
  err = [];
  answers = [];
});

async function query<T>(work: (db: ReturnType<typeof createDatabase>) => Promise<T>): Promise<T> {
  const db = createDatabase({ databaseUrl: null, dataDir });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

afterEach(() => {
  answers = [];
});

describe('portal CLI', () => {
  test('--help lists the commands; an unknown command is a usage error', async () => {
    expect(await runCli(['--help'], io())).toBe(0);
    expect(out.join('\n')).toMatch(/migrate[\s\S]*seed-demo[\s\S]*create-user/);
    expect(await runCli(['frobnicate'], io())).toBe(2);
    expect(err.join('\n')).toContain("Unknown command 'frobnicate'");
    expect(await runCli([], io())).toBe(2);
  });

  test('migrate applies the schema, then reports it up to date', async () => {
    expect(await runCli(['migrate'], io())).toBe(0);
    expect(out[0]).toMatch(/^Applied migrations: 0001-core, 0002-auth/);
    expect(await runCli(['migrate'], io())).toBe(0);
    expect(out[1]).toBe('The database schema is up to date.');
  });

  test('create-user makes the support organisation and a SUPPORT user whose password works', async () => {
    answers = [STRONG, STRONG];
    expect(await runCli(['create-user', '--email', 'Ops@Example.org', '--first', 'Ada', '--last', 'Admin'], io())).toBe(0);
    expect(out.join('\n')).toContain('Created SUPPORT user ops@example.org in Portal Support (SUPPORT00001)');
    const user = await query((db) =>
      db
        .selectFrom('users as u')
        .innerJoin('orgs as o', 'o.org_no', 'u.org_no')
        .select(['u.type', 'u.password_hash', 'u.email', 'o.type as org_type', 'o.name'])
        .where('u.username', '=', 'ops@example.org')
        .executeTakeFirstOrThrow(),
    );
    expect(user).toMatchObject({ type: 'SUPPORT', email: 'Ops@Example.org', org_type: 0, name: 'Portal Support' });
    expect(await verifyPassword(user.password_hash, STRONG)).toBe(true);

    // A second support user joins the same organisation; the password may come from the environment.
    expect(
      await runCli(['create-user', '--email', 'ops2@example.org', '--first', 'Bo', '--last', 'Ops'], io({ PORTAL_PASSWORD: STRONG })),
    ).toBe(0);
    expect(await query((db) => db.selectFrom('orgs').select('org_no').where('type', '=', 0).execute())).toHaveLength(1);

    expect(await runCli(['create-user', '--email', 'ops@example.org', '--first', 'Ada', '--last', 'Admin'], io({ PORTAL_PASSWORD: STRONG }))).toBe(1);
    expect(err.at(-1)).toContain('already exists');
  });

  test('create-user refuses weak or differing passwords and missing options', async () => {
    expect(await runCli(['create-user', '--email', 'x@example.org', '--first', 'X', '--last', 'Y'], io({ PORTAL_PASSWORD: 'password1' }))).toBe(1);
    expect(err.at(-1)).toContain(fieldErrors.passwordTooWeak);
    answers = [STRONG, `${STRONG}!`];
    expect(await runCli(['create-user', '--email', 'x@example.org', '--first', 'X', '--last', 'Y'], io())).toBe(1);
    expect(err.at(-1)).toBe('The two passwords differ.');
    expect(await runCli(['create-user', '--email', 'x@example.org'], io())).toBe(2);
    expect(await runCli(['create-user', '--email', 'not-an-email', '--first', 'X', '--last', 'Y'], io())).toBe(2);
    expect(await runCli(['create-user', '--email', 'x@example.org', '--first', 'X', '--last', 'Y', '--type', 'ADMIN'], io())).toBe(2);
    expect(await runCli(['create-user', '--bogus'], io())).toBe(2);
  });

  // Longer than the default: the demo seed sends its orders and invoices through the intake's sandboxed jobs.
  test('seed-demo fills an empty database and refuses a non-empty one', async () => {
    expect(await runCli(['seed-demo', '--products', 'many'], io())).toBe(2);
    expect(await runCli(['seed-demo', '--first-supplier-products', '-1'], io())).toBe(2);
    expect(await runCli(['seed-demo', '--products', '2', '--first-supplier-products', '5'], io())).toBe(0);
    expect(out.at(-1)).toMatch(/^Demo data seeded in/);
    // Acme Scientific (the first supplier) gets its own count; the others the common one.
    const perSeller = await query((db) => db.selectFrom('products').select(['seller_key', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('seller_key').execute());
    expect(Object.fromEntries(perSeller.map((r) => [r.seller_key, Number(r.n)]))).toMatchObject({ SUPACMESCI01: 5, SUPBIOLAB001: 2 });
    expect(await runCli(['seed-demo'], io())).toBe(1);
    expect(err.at(-1)).toContain('only fills an empty database');

    // An ADMIN user needs an existing supplier or university key.
    expect(
      await runCli(['create-user', '--email', 'a@acme.example', '--first', 'A', '--last', 'B', '--type', 'ADMIN', '--org', 'SUPACMESCI01'], io({ PORTAL_PASSWORD: STRONG })),
    ).toBe(0);
    // In the changes feed like a user added on the accounts screen, with the row's revision.
    const made = await query((db) =>
      db.selectFrom('users').innerJoin('change_log', (j) => j.onRef('change_log.rev', '=', 'users.rev')).select(['users.user_no', 'change_log.entity', 'change_log.entity_key', 'change_log.op']).where('users.username', '=', 'a@acme.example').execute(),
    );
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((m) => m.entity === 'user' && m.entity_key === String(m.user_no) && m.op === 'upsert')).toBe(true);
    expect(
      await runCli(['create-user', '--email', 'b@acme.example', '--first', 'A', '--last', 'B', '--type', 'ADMIN', '--org', 'NOPE'], io({ PORTAL_PASSWORD: STRONG })),
    ).toBe(1);
  }, 120_000);
});
