import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { readCacheOf } from '../http/read-cache';
import type { Tx } from '../sync/change-log';
import { hashToken, SESSION_COOKIE, SESSION_MAX_AGE_MS, SESSION_TTL_MS, sessionCacheKey } from './session';

/** A new session: the cookie carries a random token, the table only its SHA-256. */
export async function createSession(db: Db, userNo: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_no: userNo,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  // Expired sessions of this user go as a new one starts, so the table does not grow without bound.
  await db.deleteFrom('sessions').where('user_no', '=', userNo).where('expires_at', '<', now.toISOString()).execute();
  return { token, expiresAt };
}

export function setSessionCookie(reply: FastifyReply, config: ServerConfig, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: ServerConfig): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}

export async function deleteSessionByToken(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  const id = hashToken(token);
  await db.deleteFrom('sessions').where('id', '=', id).execute();
  // Sign-out is a GET (the spec's M=2), which does not clear remembered reads by itself.
  readCacheOf(db)?.forget(sessionCacheKey(id));
}

/** Ends every session of a user, except the one given (the session that changed the password). */
export async function deleteUserSessions(trx: Tx, userNo: number, exceptSessionId?: string): Promise<void> {
  let q = trx.deleteFrom('sessions').where('user_no', '=', userNo);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

/** How often a session in use has its expiry moved on: not on every request, which would write each time. */
const SESSION_REFRESH_MS = 15 * 60 * 1000;

/**
 * Slides the expiry of a session in use, so a warehouse shift is not cut off 12 hours
 * after sign-in while the user is still working; the cookie is set again to match.
 * Runs after the session loader; a session never outlives SESSION_MAX_AGE_MS.
 */
export function registerSessionRefresh(app: FastifyInstance, db: Db, config: ServerConfig): void {
  app.addHook('onRequest', async (request, reply) => {
    const user = request.user;
    const token = request.cookies[SESSION_COOKIE];
    if (!user || !token) return;
    const at = new Date();
    if (at.getTime() - Date.parse(user.sessionLastSeenAt) < SESSION_REFRESH_MS) return;
    const cap = Date.parse(user.sessionCreatedAt) + SESSION_MAX_AGE_MS;
    const expiresAt = new Date(Math.min(at.getTime() + SESSION_TTL_MS, cap));
    await db
      .updateTable('sessions')
      .set({ last_seen_at: at.toISOString(), expires_at: expiresAt.toISOString() })
      .where('id', '=', user.sessionId)
      .execute();
    // The remembered session still carries the old times: the next request reads the new ones.
    readCacheOf(db)?.forget(sessionCacheKey(user.sessionId));
    setSessionCookie(reply, config, token, expiresAt);
  });
}
