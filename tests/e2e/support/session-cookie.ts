import type { BrowserContext } from 'playwright-core';
import { SESSION_COOKIE } from '../../../server/auth/session';

/** The browser's session cookie as a Cookie header; it is httpOnly, so no page can read it. */
export async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`The browser holds no ${SESSION_COOKIE} cookie`);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * What the server answers a request carrying `cookie`: sent from the test, outside the
 * browser, so it works while the browser is offline and whatever cookie the browser holds now.
 */
export async function policyStatusWith(baseUrl: string, cookie: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/policy`, { headers: { cookie } })).status;
}
