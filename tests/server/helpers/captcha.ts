import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/** Cheap human-check settings for tests: pass as `createTestApp({ auth: FAST_AUTH })`. */
export const FAST_AUTH = { challengeCost: 10, challengeCounter: [1, 20] as [number, number], failureDelayMs: 5 };

/** Solves a challenge exactly as the widget does and returns its payload: base64 of JSON {challenge, solution}. */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The human check could not be solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString(
    'base64',
  );
}

/** Fetches a fresh challenge from the app and solves it. */
export async function captchaFor(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/altcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`challenge answered ${res.statusCode}`);
  return solveCaptcha(res.json<Challenge>());
}

/** A multipart body for the servlet's sign-in form. */
export function loginForm(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = '----portal-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
