import * as z from 'zod/mini';
import { loginAnswerSchema, policySchema, sessionProbeSchema, type Policy } from '../domain/schemas/session';
import { apiUrl, servletUrl } from './endpoint';
import { request } from './request';

export interface Credentials {
  username: string;
  password: string;
  /** The ALTCHA payload of the solved human check. */
  captcha: string;
}

export function login({ username, password, captcha }: Credentials) {
  const form = new FormData();
  form.set('M', '1');
  form.set('username', username);
  form.set('password', password);
  form.set('captcha', captcha);
  return request('POST', servletUrl(), { schema: loginAnswerSchema, form });
}

export async function logout(): Promise<void> {
  await request('GET', servletUrl({ M: 2 }), { schema: z.unknown() });
}

/** Whether a session exists (and its policy), without a 401 when there is none. */
export function probeSession() {
  return request('GET', apiUrl('/session'), { schema: sessionProbeSchema });
}

export function acceptTermsOfUse(policy: Policy) {
  return request('PUT', apiUrl('/policy/actions/acceptTermsOfUse'), { schema: policySchema, json: policy });
}
