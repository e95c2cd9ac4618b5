import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { fieldErrors } from '../../src/domain/messages';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { authTuning } from './tuning';

const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Separate keys for the challenge signature and the derived-key signature, both from the one secret. */
function secrets(config: ServerConfig) {
  const derive = (purpose: string) => createHmac('sha256', config.secret).update(purpose).digest('hex');
  return { hmacSignatureSecret: derive('altcha-challenge'), hmacKeySignatureSecret: derive('altcha-key') };
}

/**
 * A signed challenge in deterministic mode: the server picks the counter, so checking
 * an answer is one HMAC of the derived key instead of re-running the key derivation.
 */
export async function issueChallenge(config: ServerConfig): Promise<Challenge> {
  const tuning = authTuning(config);
  const [low, high] = tuning.challengeCounter;
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: tuning.challengeCost,
    counter: randomInt(high, low),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    ...secrets(config),
  });
}

interface WidgetPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's value: base64 of JSON `{challenge: {parameters, signature}, solution}`. */
function decodePayload(captcha: string): WidgetPayload | null {
  try {
    const value = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8')) as Partial<WidgetPayload> | null;
    if (!value || typeof value !== 'object') return null;
    const { challenge, solution } = value;
    if (!challenge || typeof challenge !== 'object' || !challenge.parameters || typeof challenge.parameters !== 'object') {
      return null;
    }
    if (!solution || typeof solution !== 'object') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * Accepts a solved human check once: the challenge's signature is recorded until the
 * challenge expires, and a second use of the same solution is refused.
 */
export async function consumeHumanCheck(db: Db, config: ServerConfig, captcha: string | undefined): Promise<void> {
  if (!captcha) throw badRequest([fieldErrors.humanCheck]);
  const payload = decodePayload(captcha);
  if (!payload || payload.challenge.parameters.algorithm !== ALTCHA_ALGORITHM) throw badRequest([fieldErrors.humanCheck]);
  // A tampered payload can make the library throw (malformed hex, bad counter): that is a failed check, not a 500.
  const verified = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...secrets(config) })
    .then((result) => result.verified)
    .catch(() => false);
  if (!verified) throw badRequest([fieldErrors.humanCheck]);

  const now = new Date();
  const expiresAt = payload.challenge.parameters.expiresAt
    ? new Date(payload.challenge.parameters.expiresAt * 1000)
    : new Date(now.getTime() + CHALLENGE_TTL_MS);
  const id = createHash('sha256').update(payload.challenge.signature ?? '').digest('hex');
  await db.deleteFrom('altcha_used').where('expires_at', '<', now.toISOString()).execute();
  const inserted = await db
    .insertInto('altcha_used')
    .values({ id, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw badRequest([fieldErrors.humanCheckReused]);
}
