import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { validateNewPassword } from '../src/domain/password-policy';
import { hashPassword } from './auth/password';
import { loadConfig } from './config';
import { createDatabase, type Db } from './db/database';
import { seedDemo } from './db/demo';
import { migrateToLatest } from './db/migrations';
import { insertUser } from './accounts/insert-user';
import { sendInvoiceMail } from './intake/send-invoice-mail';

const USAGE = `Procurement portal command line

Usage: npm run portal -- <command> [options]

Commands:
  serve                          start the server (same as npm run serve)
  migrate                        create or update the database schema
  seed-demo [--products N]       fill an EMPTY database with the demo data set
                                 (N products per supplier, default 2000)
            [--first-supplier-products M]  M products for Acme Scientific alone
  create-user --email E --first F --last L [--type SUPPORT|ADMIN|REGULAR]
              [--org-name NAME]  SUPPORT (default): the support organisation NAME
                                 (default 'Portal Support'), created when missing
              [--org KEY]        ADMIN or REGULAR: the existing organisation KEY
                                 The password is read from PORTAL_PASSWORD, else asked for.
  send-invoice --to ADDRESS [--from ADDRESS] [--subject S] FILE...
                                 mail files (PDF, UBL or CII XML) to the intake's SMTP
                                 listener on localhost:PORTAL_SMTP_PORT (default 2525)

The database is the one the server uses: DATABASE_URL (PostgreSQL) or the SQLite
file under PORTAL_DATA_DIR (default ./data).

Exit codes: 0 done, 1 failed, 2 wrong usage.`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Asks for a line of input (the password); hidden echo is not attempted. */
  ask: (question: string) => Promise<string>;
  env: NodeJS.ProcessEnv;
}

class UsageError extends Error {}
class Failure extends Error {}

async function withDatabase<T>(env: NodeJS.ProcessEnv, work: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function migrate(io: CliIo): Promise<void> {
  const config = loadConfig(io.env);
  const db = createDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    io.out(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database schema is up to date.');
  } finally {
    await db.destroy();
  }
}

async function seed(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { products: { type: 'string' }, 'first-supplier-products': { type: 'string' } },
    strict: true,
  });
  const count = (option: 'products' | 'first-supplier-products') => {
    const value = values[option];
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!(Number.isInteger(n) && n >= 0)) throw new UsageError(`--${option} must be a whole number of 0 or more`);
    return n;
  };
  const products = count('products');
  const firstSupplierProducts = count('first-supplier-products');
  await withDatabase(io.env, async (db) => {
    const any = await db.selectFrom('orgs').select('org_no').limit(1).executeTakeFirst();
    if (any) {
      throw new Failure(
        'The database already holds organisations, so the demo data was not added: seed-demo only fills an empty database. ' +
          'Point PORTAL_DATA_DIR or DATABASE_URL at an empty one.',
      );
    }
    const started = Date.now();
    await seedDemo(db, { dataDir: loadConfig(io.env).dataDir, products, firstSupplierProducts });
    io.out(`Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}

async function sendInvoice(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { to: { type: 'string' }, from: { type: 'string', default: 'accounts@acme.demo.test' }, subject: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (!values.to) throw new UsageError('send-invoice needs --to with a receiving address, e.g. invoices@uni.demo.test');
  const port = Number(io.env.PORTAL_SMTP_PORT ?? 2525);
  if (!Number.isInteger(port) || port <= 0) throw new UsageError('PORTAL_SMTP_PORT is off or not a port number: the intake listener is not running');
  const host = io.env.PORTAL_SMTP_HOST && io.env.PORTAL_SMTP_HOST !== '0.0.0.0' ? io.env.PORTAL_SMTP_HOST : '127.0.0.1';
  try {
    const response = await sendInvoiceMail({ host, port, to: values.to, from: values.from, subject: values.subject ?? null, files: positionals });
    io.out(`Sent ${positionals.length} file(s) to ${values.to}: ${response}`);
  } catch (error) {
    throw new Failure(`The mail was not accepted: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function readPassword(io: CliIo): Promise<string> {
  if (io.env.PORTAL_PASSWORD) return io.env.PORTAL_PASSWORD;
  const first = await io.ask('Password: ');
  const again = await io.ask('Repeat password: ');
  if (first !== again) throw new Failure('The two passwords differ.');
  return first;
}

async function supportOrg(db: Db, name: string): Promise<number> {
  const existing = await db
    .selectFrom('orgs')
    .select('org_no')
    .where('type', '=', 0)
    .where('name', '=', name)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (existing) return existing.org_no;
  const taken = new Set((await db.selectFrom('orgs').select('unique_key').execute()).map((o) => o.unique_key));
  let n = 1;
  const keyOf = (i: number) => `SUPPORT${String(i).padStart(5, '0')}`;
  while (taken.has(keyOf(n))) n += 1;
  const row = await db
    .insertInto('orgs')
    .values({
      unique_key: keyOf(n),
      name,
      trading_name: name,
      type: 0,
      country_no: 1,
      address2: null,
      state: null,
      post_code: null,
      email: null,
      industry_no: 1,
      membership_status: 'A',
      busy: 0,
      alert: 0,
      rev: 0,
      deleted: 0,
    })
    .returning('org_no')
    .executeTakeFirstOrThrow();
  return row.org_no;
}

async function createUser(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      type: { type: 'string', default: 'SUPPORT' },
      'org-name': { type: 'string', default: 'Portal Support' },
      org: { type: 'string' },
    },
    strict: true,
  });
  const email = values.email?.trim() ?? '';
  const first = values.first?.trim() ?? '';
  const last = values.last?.trim() ?? '';
  const type = values.type.toUpperCase();
  if (!email || !first || !last) throw new UsageError('create-user needs --email, --first and --last');
  if (!z.email().safeParse(email).success) throw new UsageError(`'${email}' is not a valid email address`);
  if (!['SUPPORT', 'ADMIN', 'REGULAR'].includes(type)) throw new UsageError('--type must be SUPPORT, ADMIN or REGULAR');
  if (type !== 'SUPPORT' && !values.org) throw new UsageError(`A ${type} user needs --org with the key of an existing organisation`);

  const username = email.toLowerCase();
  const password = await readPassword(io);
  const problems = validateNewPassword(password, [username, first, last]);
  if (problems.length) throw new Failure(`The password was refused: ${problems.join('; ')}`);
  const passwordHash = await hashPassword(password);

  await withDatabase(io.env, async (db) => {
    const clash = await db.selectFrom('users').select('user_no').where('username', '=', username).executeTakeFirst();
    if (clash) throw new Failure(`A user with the username ${username} already exists.`);
    let orgNo: number;
    if (type === 'SUPPORT') {
      orgNo = await supportOrg(db, values['org-name'].trim() || 'Portal Support');
    } else {
      const org = await db
        .selectFrom('orgs')
        .select(['org_no', 'type'])
        .where('unique_key', '=', values.org!)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (!org || org.type === 0) throw new Failure(`No supplier or university organisation has the key ${values.org}.`);
      orgNo = org.org_no;
    }
    await db.transaction().execute((trx) =>
      insertUser(trx, { orgNo, firstName: first, lastName: last, email, username, type, passwordHash }),
    );
    const org = await db.selectFrom('orgs').select(['name', 'unique_key']).where('org_no', '=', orgNo).executeTakeFirstOrThrow();
    io.out(`Created ${type} user ${username} in ${org.name} (${org.unique_key}). They accept the terms of use at their first sign-in.`);
  });
}

/** Runs one command; returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'serve':
        await import('./main');
        return 0;
      case 'migrate':
        await migrate(io);
        return 0;
      case 'seed-demo':
        await seed(args, io);
        return 0;
      case 'create-user':
        await createUser(args, io);
        return 0;
      case 'send-invoice':
        await sendInvoice(args, io);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(`${error.message}\n\nRun 'npm run portal -- --help' for the commands and their options.`);
      return 2;
    }
    io.err(error instanceof Failure ? error.message : `Failed: ${error instanceof Error ? error.stack : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Opened only when a question is asked, so commands that ask nothing never hold stdin.
  const stdin: { rl: ReturnType<typeof createInterface> | null; lines: AsyncIterator<string> | null } = { rl: null, lines: null };
  const io: CliIo = {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    ask: async (question) => {
      stdin.rl ??= createInterface({ input: process.stdin, terminal: false });
      stdin.lines ??= stdin.rl[Symbol.asyncIterator]();
      process.stdout.write(question);
      const next = await stdin.lines.next();
      return next.done ? '' : String(next.value);
    },
    env: process.env,
  };
  const command = process.argv[2];
  const code = await runCli(process.argv.slice(2), io);
  stdin.rl?.close();
  // `serve` keeps running: its process ends on a signal.
  if (command !== 'serve') process.exit(code);
}
