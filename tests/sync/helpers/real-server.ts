import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../server/helpers/test-app';

export interface RealServer {
  test: TestApp;
  origin: string;
  close(): Promise<void>;
}

/** The real Fastify app on a fresh in-memory database, listening on a free loopback port. */
export async function startRealServer(): Promise<RealServer> {
  const test = await createTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = test.app.server.address() as AddressInfo;
  return { test, origin: `http://127.0.0.1:${port}`, close: () => test.close() };
}
