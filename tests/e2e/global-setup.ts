import { existsSync } from 'node:fs';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { assertBrowserPresent } from './support/browser';
import { SEEDED_DATA_DIR_ENV, startServer, type ServerHandle } from './support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: ServerHandle | undefined;

/** One real server with the demo data set for the whole end-to-end run, started like `npm start` does. */
export async function setup(project: TestProject): Promise<void> {
  assertBrowserPresent();
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` before the end-to-end tests.');
  // Seeded once: every server of the run (this shared one and those files start for
  // themselves) starts on a copy of it.
  const seeded = await startServer();
  await seeded.stop();
  process.env[SEEDED_DATA_DIR_ENV] = seeded.dataDir;
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
