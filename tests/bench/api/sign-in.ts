import type { Challenge } from 'altcha-lib';
import { DEMO_PASSWORD } from '../../../server/db/demo';
import { SESSION_COOKIE } from '../../../server/auth/session';
import { solveCaptcha } from '../../server/helpers/captcha';

/**
 * Signs in over HTTP exactly as the login screen does (the human check solved, then
 * the servlet's multipart form) and answers the session as a Cookie header.
 */
export async function signIn(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/altcha/challenge`)).json()) as Challenge;
  const form = new FormData();
  form.set('M', '1');
  form.set('username', username);
  form.set('password', password);
  form.set('captcha', await solveCaptcha(challenge));
  const res = await fetch(`${baseUrl}/servlet`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`Sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`Sign-in of ${username} set no ${SESSION_COOKIE} cookie`);
  return cookie.split(';')[0]!;
}
