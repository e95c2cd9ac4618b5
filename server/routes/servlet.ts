import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { validateLogin } from '../../src/domain/auth-rules';
import { loginAnswerSchema } from '../../src/domain/schemas/session';
import { messages } from '../../src/domain/messages';
import type { AppContext } from '../app-context';
import { consumeHumanCheck } from '../auth/altcha';
import { hashPassword, verifyPassword } from '../auth/password';
import { findActiveUser } from '../auth/recovery';
import { orgTypeOfAccountType } from '../../src/domain/roles';
import { SESSION_COOKIE } from '../auth/session';
import { clearSessionCookie, createSession, deleteSessionByToken, setSessionCookie } from '../auth/sessions';
import { clearFailures, recentCount, recordFailure, signInDelayMs, signInKey } from '../auth/throttle';
import { authTuning } from '../auth/tuning';
import { emptyAnswer } from '../http/empty-answer';
import { badRequest, HttpError } from '../http/errors';
import { refuseUnsafeText } from '../http/safe-text';

const SERVLET_PATH = '/servlet';
const API_PATH_PARAM = 'api-path';

/**
 * The servlet's contract. Its query names the action; the other parameters go on to the
 * API call (so the query is checked loosely). A proxied call answers exactly as the API
 * does: those bytes are passed on as they are, never written from this schema.
 */
function servletSchema(description: string, answer: z.core.$ZodType = z.unknown()) {
  const query = z.looseObject({ M: z.string().optional().describe('1 signs in, 2 signs out'), [API_PATH_PARAM]: z.string().optional().describe('an API path, such as /seller/{id}/order') });
  return { description, tags: ['servlet'], security: [], querystring: query, response: { 200: answer } };
}

/** The login form's fields; a multipart body is read field by field, a JSON body as it is. */
async function readForm(request: FastifyRequest): Promise<Record<string, string>> {
  const form: Record<string, string> = {};
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') form[part.fieldname] = String(part.value);
        else await part.toBuffer();
      }
    } catch (error) {
      // Limits keep their own 4xx (413); a truncated or malformed form is the client's error.
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) throw error;
      throw badRequest(['The form could not be read']);
    }
    refuseUnsafeText(form);
    return form;
  }
  if (request.body && typeof request.body === 'object') {
    for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') form[key] = String(value);
    }
  }
  return form;
}

/** Argon2 verification of a throwaway hash, so unknown usernames take as long as wrong passwords. */
let decoyHash: Promise<string> | null = null;
async function decoyVerify(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that never matches');
  await verifyPassword(await decoyHash, password);
  return false;
}

/**
 * An `api-path` must be an absolute path inside /api: no dot segments, backslashes,
 * fragments or query of its own (the query travels in the other parameters).
 */
function safeApiPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\?#]/.test(value)) return null;
  for (const segment of value.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || /[\\/]/.test(decoded)) return null;
  }
  return value;
}

// No X-Forwarded-For: the caller's address, as the trusted proxies give it, travels as remoteAddress.
const FORWARDED_REQUEST_HEADERS = ['cookie', 'content-type', 'accept', 'idempotency-key', 'user-agent'];
const FORWARDED_ANSWER_HEADERS = ['content-type', 'cache-control', 'idempotent-replayed', 'set-cookie', 'content-disposition'];

/** Answers exactly as `/api<api-path>?<the other parameters>` would. */
async function proxy(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1));
  const path = safeApiPath(query.get(API_PATH_PARAM));
  if (!path) throw badRequest([`${API_PATH_PARAM} must be a path inside the API starting with /`]);
  query.delete(API_PATH_PARAM);
  const rest = query.toString();
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const hasBody = request.method !== 'GET' && request.method !== 'DELETE' && request.body !== undefined;
  const answer = await app.inject({
    method: request.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: `/api${path}${rest ? `?${rest}` : ''}`,
    headers,
    remoteAddress: request.ip,
    ...(hasBody ? { payload: request.body as string | object } : {}),
  });
  const outgoing: OutgoingHttpHeaders = {};
  for (const name of FORWARDED_ANSWER_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) outgoing[name] = value;
  }
  return reply.code(answer.statusCode).headers(outgoing).send(answer.rawPayload);
}

/**
 * The servlet of the spec, beside /api: M=1 signs in (multipart form with the human
 * check), M=2 signs out, and `api-path` reaches any API call through it.
 */
export async function servletRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const tuning = authTuning(config);

  async function signIn(request: FastifyRequest, reply: FastifyReply) {
    const form = await readForm(request);
    if (form.M !== '1') throw badRequest(['M must be 1 to sign in']);
    const input = { username: form.username ?? '', password: form.password ?? '', captcha: form.captcha ?? '' };
    const errors = validateLogin(input);
    if (errors.length) throw badRequest(errors);

    const username = input.username.trim().toLowerCase();
    const key = signInKey(username, request.ip);
    await consumeHumanCheck(db, config, input.captcha);
    // Guessing from this address slows down with every failure; the right password still signs in, later.
    const delayMs = signInDelayMs(await recentCount(db, key), tuning.failureDelayMs);
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));

    const user = await findActiveUser(db, username);
    const valid = user ? await verifyPassword(user.password_hash, input.password) : await decoyVerify(input.password);
    if (!user || !valid) {
      await recordFailure(db, [key]);
      throw new HttpError(401, [messages.loginUnauthorized]);
    }
    await clearFailures(db, key);
    const org = await db.selectFrom('orgs').select('type').where('org_no', '=', user.org_no).where('deleted', '=', 0).executeTakeFirst();
    if (!org) throw new HttpError(401, [messages.loginUnauthorized]);
    // The cookie this login replaces ends too: no browser could use that session any more.
    await deleteSessionByToken(db, request.cookies[SESSION_COOKIE]);
    const { token, expiresAt } = await createSession(db, user.user_no);
    setSessionCookie(reply, config, token, expiresAt);
    return reply.send({ orgType: orgTypeOfAccountType(org.type) });
  }

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    await deleteSessionByToken(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, config);
    return reply.send({});
  }

  const hasApiPath = (request: FastifyRequest) => (request.query as Record<string, unknown>)[API_PATH_PARAM] !== undefined;

  app.get(SERVLET_PATH, { schema: servletSchema('M=2 signs out (answers `{}`); with `api-path`, that API call', emptyAnswer) }, async (request, reply) => {
    if (hasApiPath(request)) return proxy(app, request, reply);
    if ((request.query as Record<string, unknown>).M === '2') return signOut(request, reply);
    throw badRequest(['Expected M=2 or an api-path']);
  });
  const signInSchema = servletSchema(
    'M=1 signs in: a multipart/form-data (or JSON) form of M, username, password and captcha (the ALTCHA payload); sets the session cookie. With `api-path`, that API call',
    loginAnswerSchema,
  );
  app.post(SERVLET_PATH, { schema: signInSchema }, async (request, reply) => (hasApiPath(request) ? proxy(app, request, reply) : signIn(request, reply)));
  app.put(SERVLET_PATH, { schema: servletSchema('With `api-path`, that API call') }, async (request, reply) => proxy(app, request, reply));
  app.delete(SERVLET_PATH, { schema: servletSchema('With `api-path`, that API call') }, async (request, reply) => proxy(app, request, reply));
}
