import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../config';
import { HttpError } from '../http/errors';
import { assertBlobKey } from './blob-store';

/**
 * Signed, expiring file URLs on this server. The token carries its claims in the
 * clear (base64url JSON) and an HMAC-SHA256 over them with the server secret, so a
 * changed key, purpose, organisation or expiry no longer verifies.
 */

interface UploadClaims {
  use: 'upload';
  key: string;
  /** Which job applies the uploaded file: see server/jobs/upload-purposes.ts. */
  purpose: string;
  orgKey: string;
  /** Extra context the job needs (the supplier of a template, a pricelist id, who asked). */
  params: Record<string, string>;
  exp: number;
}

export interface DownloadClaims {
  use: 'download';
  key: string;
  fileName: string;
  /** The session the link was made for (a keyed hash of its id): the link works in that session only. */
  session: string;
  exp: number;
}

export type FileClaims = UploadClaims | DownloadClaims;

export const expiredOrInvalidLink = () => new HttpError(403, ['The link is invalid or has expired']);

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function signToken(config: Pick<ServerConfig, 'secret'>, claims: FileClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(config.secret, body)}`;
}

/** The claims of a genuine, unexpired token of the wanted use; a 403 otherwise. */
export function verifyToken<U extends FileClaims['use']>(
  config: Pick<ServerConfig, 'secret'>,
  token: string,
  use: U,
  nowMs = Date.now(),
): Extract<FileClaims, { use: U }> {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw expiredOrInvalidLink();
  const expected = Buffer.from(sign(config.secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw expiredOrInvalidLink();
  let claims: FileClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as FileClaims;
  } catch {
    throw expiredOrInvalidLink();
  }
  if (claims.use !== use || typeof claims.exp !== 'number' || claims.exp * 1000 < nowMs) throw expiredOrInvalidLink();
  return claims as Extract<FileClaims, { use: U }>;
}

const nowSec = () => Math.floor(Date.now() / 1000);

export function signedUploadUrl(
  config: Pick<ServerConfig, 'secret'>,
  opts: { key: string; purpose: string; orgKey: string; expiresInSec: number; params?: Record<string, string> },
): string {
  assertBlobKey(opts.key);
  const token = signToken(config, {
    use: 'upload',
    key: opts.key,
    purpose: opts.purpose,
    orgKey: opts.orgKey,
    params: opts.params ?? {},
    exp: nowSec() + opts.expiresInSec,
  });
  return `/files/upload/${token}`;
}

/** Names a session in a download link without showing its id. */
export function sessionTag(config: Pick<ServerConfig, 'secret'>, sessionId: string): string {
  return createHmac('sha256', config.secret).update(`download-session:${sessionId}`).digest('base64url').slice(0, 22);
}

/**
 * A link to a generated file for the session that asked for it: after sign-out, a
 * password change or the user's deletion (all end the session) it no longer works,
 * nor in anyone else's browser.
 */
export function signedDownloadUrl(
  config: Pick<ServerConfig, 'secret'>,
  opts: { key: string; fileName: string; expiresInSec: number; sessionId: string },
): string {
  assertBlobKey(opts.key);
  const token = signToken(config, {
    use: 'download',
    key: opts.key,
    fileName: opts.fileName,
    session: sessionTag(config, opts.sessionId),
    exp: nowSec() + opts.expiresInSec,
  });
  return `/files/download/${token}`;
}

/** The claims of a download link, if the request comes from the session it was made for; a 403 otherwise. */
export function verifyDownload(config: Pick<ServerConfig, 'secret'>, token: string, sessionId: string | null): DownloadClaims {
  const claims = verifyToken(config, token, 'download');
  if (!sessionId || claims.session !== sessionTag(config, sessionId)) throw expiredOrInvalidLink();
  return claims;
}

/** Upload links live long enough to pick a file and send it. */
export const UPLOAD_URL_TTL_SEC = 15 * 60;
/** A link to a generated file (template, export) lives an hour; the job list hands out a fresh one on every read. */
export const DOWNLOAD_URL_TTL_SEC = 60 * 60;
