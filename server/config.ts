import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseNetworks } from './http/networks';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; the embedded SQLite file under dataDir otherwise. */
  databaseUrl: string | null;
  /** Connections each process keeps to PostgreSQL (PORTAL_DATABASE_POOL_SIZE); 10 when unset. */
  databasePoolSize?: number;
  demo: boolean;
  /** HMAC secret for the human check, signed file URLs and the like. */
  secret: string;
  /** SMTP URL for nodemailer; mail goes to files under dataDir/mail when unset. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Built PWA served by the same process; absent in API-only tests. */
  distDir: string | null;
  /** Secure cookies behind HTTPS; off for plain-HTTP localhost. */
  secureCookies: boolean;
  /** Networks (addresses or CIDR blocks) a cXML endpoint may resolve to besides public addresses: PORTAL_EDI_ALLOW_NETWORKS. */
  ediAllowNetworks: string[];
  /** Proxies whose X-Forwarded-For is believed (PORTAL_TRUST_PROXY: addresses or CIDR blocks); none by default. */
  trustProxy: string[];
  /** Sign-in tuning; tests lower the human-check cost and the failure delay (defaults in server/auth/tuning.ts). */
  auth?: Partial<AuthTuning>;
  /** S3-compatible object storage for files (uploads, invoice PDFs, templates, exports); the disk under dataDir when unset. */
  s3?: S3Config | null;
  /** The Terms of Use users accept at their first sign-in: the text of PORTAL_TERMS_FILE, or the portal's own. */
  termsOfUse: string;
  /** The invoice intake's SMTP listener (PORTAL_SMTP_PORT, `off`: none; PORTAL_SMTP_HOST) and polled mailbox (PORTAL_IMAP_URL). */
  intake?: IntakeConfig;
  /**
   * Whether this process runs queued jobs (PORTAL_JOBS=off: it only serves requests and
   * queues jobs, which the processes with jobs on run; tests run them when they choose).
   */
  runJobs: boolean;
  /** Whether the cXML readers' workers start as soon as the server listens (PORTAL_SANDBOX_WARM=0: on the first order). */
  warmSandbox: boolean;
}

interface IntakeConfig {
  smtpPort: number | null;
  smtpHost: string;
  imapUrl: string | null;
  /**
   * DNS answers for the DKIM and SPF checks, by `TYPE:name` (tests run offline with a
   * table); the system resolver when unset.
   */
  dnsRecords?: Record<string, string[][]>;
}

function intakeFromEnv(env: NodeJS.ProcessEnv): IntakeConfig {
  const port = env.PORTAL_SMTP_PORT ?? '2525';
  return {
    smtpPort: port === 'off' ? null : Number(port),
    smtpHost: env.PORTAL_SMTP_HOST ?? env.HOST ?? '0.0.0.0',
    imapUrl: env.PORTAL_IMAP_URL || null,
  };
}

export interface S3Config {
  /** The service URL of an S3-compatible server (MinIO, Ceph, ...); AWS's own endpoints when null. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Keys of the installation; the SDK's default chain (AWS_* variables, instance role) when null. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    endpoint: env.S3_ENDPOINT || null,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
  };
}

export interface AuthTuning {
  /** PBKDF2 iterations per human-check attempt. */
  challengeCost: number;
  /** The solving counter is drawn from this range: the expected work is cost x counter. */
  challengeCounter: [number, number];
  /** How long an answer is held back once a username or address has 5 recent failures. */
  failureDelayMs: number;
}

/** The secret survives restarts so sessions' signed URLs stay valid; PORTAL_SECRET overrides it. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const DEFAULT_TERMS_FILE = join(import.meta.dirname, 'content', 'terms-of-use.txt');

/** Read at start: a file that an operator named but that cannot be read stops the start, rather than showing no terms. */
function termsOfUseText(file: string | undefined): string {
  const path = file || DEFAULT_TERMS_FILE;
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new Error(`PORTAL_TERMS_FILE: ${path} could not be read`, { cause: error });
  }
  if (!text) throw new Error(`PORTAL_TERMS_FILE: ${path} is empty`);
  return text;
}

/** PORTAL_DATABASE_POOL_SIZE: a whole number from 1. */
function poolSize(value: string): number {
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1) throw new Error(`PORTAL_DATABASE_POOL_SIZE: ${value} is not a whole number from 1`);
  return size;
}

/** PORTAL_HUMAN_CHECK_COST: PBKDF2 iterations per attempt of the sign-in's human check (a whole number from 1). */
function humanCheckCost(value: string): number {
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < 1) throw new Error(`PORTAL_HUMAN_CHECK_COST: ${value} is not a whole number from 1`);
  return cost;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = resolve(overrides.dataDir ?? env.PORTAL_DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const distDir = resolve(env.PORTAL_DIST_DIR ?? 'dist');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    ...(env.PORTAL_DATABASE_POOL_SIZE ? { databasePoolSize: poolSize(env.PORTAL_DATABASE_POOL_SIZE) } : {}),
    demo: env.PORTAL_DEMO !== '0',
    secret: env.PORTAL_SECRET || loadOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Procurement Portal <no-reply@portal.localhost>',
    distDir: existsSync(join(distDir, 'index.html')) ? distDir : null,
    secureCookies: env.PORTAL_SECURE_COOKIES === '1',
    ediAllowNetworks: parseNetworks('PORTAL_EDI_ALLOW_NETWORKS', env.PORTAL_EDI_ALLOW_NETWORKS),
    trustProxy: parseNetworks('PORTAL_TRUST_PROXY', env.PORTAL_TRUST_PROXY),
    s3: s3FromEnv(env),
    intake: intakeFromEnv(env),
    termsOfUse: termsOfUseText(env.PORTAL_TERMS_FILE),
    ...(env.PORTAL_HUMAN_CHECK_COST ? { auth: { challengeCost: humanCheckCost(env.PORTAL_HUMAN_CHECK_COST) } } : {}),
    runJobs: env.PORTAL_JOBS !== 'off',
    warmSandbox: env.PORTAL_SANDBOX_WARM !== '0',
    ...overrides,
  };
}
