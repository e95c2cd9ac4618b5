import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { seedDemoIfEmpty, DEMO_CXML_DOMAIN, DEMO_CXML_SECRET, DEMO_SIGN_INS, DEMO_PASSWORD } from './db/demo';
import { startIntake } from './intake/start-intake';
import { stopSandbox, warmSandbox } from './sandbox/run-sandboxed';

const config = loadConfig();
const db = createDatabase(config);
await migrateToLatest(db);
const seeded = config.demo ? await seedDemoIfEmpty(db, { dataDir: config.dataDir }) : false;
const app = await buildApp({ config, db }, { logger: process.env.PORTAL_LOG !== '0' });

// From here the job runner may hold a job, which a stop must send back to the queue: a stop
// asked for while the intake starts (its SMTP thread takes a moment to listen) waits for
// it, then stops the server as any other.
let started = false;
let stopAsked = false;
const askStop = () => {
  if (started) void close();
  else stopAsked = true;
};
process.on('SIGINT', askStop);
process.on('SIGTERM', askStop);

const intake = await startIntake({ config, db }, app.log);

const close = async () => {
  await intake.stop();
  // The job runner ends its job first (it is queued again), then idle sandbox workers go.
  await app.close();
  await stopSandbox();
  await db.destroy();
  process.exit(0);
};
started = true;
if (stopAsked) await close();

await app.listen({ port: config.port, host: config.host });
// Users are answered at once; the first orders partners post find their readers started.
if (config.warmSandbox) warmSandbox();
const url = `http://localhost:${config.port}`;
console.log(`\nProcurement portal: ${url}`);
if (!config.distDir) console.log('  (no built PWA found under dist/: run `npm run build` for the web app)');
if (intake.smtpPort !== null) console.log(`  invoices by mail: SMTP on port ${intake.smtpPort}`);
console.log(`  data: ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}${seeded ? ' (demo data seeded)' : ''}`);
if (config.demo) {
  console.log(`  demo sign-ins (password ${DEMO_PASSWORD}):`);
  for (const s of DEMO_SIGN_INS) console.log(`    ${s.username.padEnd(26)} ${s.role}`);
  console.log(`  demo cXML buyer system (POST ${url}/cxml, see docs/cxml-inbound.md):`);
  console.log(`    From and Sender ${DEMO_CXML_DOMAIN} UNIWESTMERE1 with SharedSecret ${DEMO_CXML_SECRET}; To ${DEMO_CXML_DOMAIN} SUPACMESCI01`);
}
