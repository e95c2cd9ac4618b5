import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orgTypeOfAccountType, type OrgType, type UserType } from '../../src/domain/roles';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import { readCacheOf } from '../http/read-cache';

export const SESSION_COOKIE = 'portal_session';
/** A session ends this long after its last use (it slides while the user works)... */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** ...but never later than this after the sign-in. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Who is asking: loaded from the session cookie before every handler. */
export interface SessionUser {
  sessionId: string;
  /** ISO times, for sliding the expiry. */
  sessionCreatedAt: string;
  sessionLastSeenAt: string;
  sessionExpiresAt: string;
  userNo: number;
  username: string;
  displayName: string;
  userType: UserType;
  policyState: string;
  orgNo: number;
  orgKey: string;
  orgType: OrgType;
  orgName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /**
     * The revision counter as the session's own read saw it, when the session was read
     * from the database for this request (PostgreSQL, where every request reads it):
     * a remembered answer (server/http/remembered-answer.ts) is then found without a
     * round trip of its own. Null when the session came from the read cache or there is none.
     */
    revisionSeen: string | number | null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The cache key of a session: its id, the SHA-256 of the cookie's token. */
export const sessionCacheKey = (sessionId: string) => `session:${sessionId}`;

/**
 * The session's user, organisation and terms state. A session in use is remembered
 * briefly (server/http/read-cache.ts), so a burst of requests costs one query, not one
 * each; a copy is answered, so no request changes what the next one is given.
 */
async function loadSessionUser(db: Db, token: string | undefined): Promise<{ user: SessionUser; revisionSeen: string | number | null } | null> {
  if (!token) return null;
  const id = hashToken(token);
  const cache = readCacheOf(db);
  // A remembered session's revision would be as old as the session's read: only a fresh read's is passed on.
  const read = cache
    ? { user: await cache.through(sessionCacheKey(id), async () => (await readSessionUser(db, id))?.user ?? null, (u) => Date.parse(u.sessionExpiresAt)), revisionSeen: null }
    : await readSessionUser(db, id);
  if (!read?.user || read.user.sessionExpiresAt < new Date().toISOString()) return null;
  return { user: { ...read.user }, revisionSeen: read.revisionSeen };
}

/** The session with its user and organisation: one query, compiled once (on PostgreSQL every request runs it). */
const sessionRow = preparedQuery((db, v: { id: string }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.user_no', 's.user_no')
    .innerJoin('orgs as o', 'o.org_no', 'u.org_no')
    .select([
      's.id',
      's.expires_at',
      's.created_at',
      's.last_seen_at',
      'u.user_no',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.type as user_type',
      'u.policy_state',
      'o.org_no',
      'o.unique_key',
      'o.type as org_type',
      'o.name as org_name',
      (eb) => eb.selectFrom('rev_counter').select('value').where('id', '=', 1).as('revision'),
    ])
    .where('s.id', '=', v.id)
    .where('u.deleted', '=', 0)
    .where('o.deleted', '=', 0),
);

async function readSessionUser(db: Db, id: string): Promise<{ user: SessionUser; revisionSeen: string | number | null } | null> {
  const [row] = await sessionRow(db, { id });
  if (!row || row.expires_at < new Date().toISOString()) return null;
  const user: SessionUser = {
    sessionId: row.id,
    sessionCreatedAt: row.created_at,
    sessionLastSeenAt: row.last_seen_at,
    sessionExpiresAt: row.expires_at,
    userNo: row.user_no,
    username: row.username,
    displayName: `${row.first_name} ${row.last_name}`.trim(),
    userType: row.user_type as UserType,
    policyState: row.policy_state,
    orgNo: row.org_no,
    orgKey: row.unique_key,
    orgType: orgTypeOfAccountType(row.org_type),
    orgName: row.org_name,
  };
  return { user, revisionSeen: row.revision };
}

/** Decorates every request with `request.user` (null without a valid session). */
export function registerSessionLoader(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('revisionSeen', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const session = await loadSessionUser(db, request.cookies[SESSION_COOKIE]);
    request.user = session?.user ?? null;
    request.revisionSeen = session?.revisionSeen ?? null;
  });
}
