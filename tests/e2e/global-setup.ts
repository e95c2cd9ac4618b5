import { existsSync } from 'node:fs';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { assertBrowserPresent } from './support/browser';
import { startServer, type ServerHandle } from './support/server-process';

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
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
