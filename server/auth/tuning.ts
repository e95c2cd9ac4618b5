import type { AuthTuning, ServerConfig } from '../config';

/**
 * PBKDF2 at 5,000 iterations with a counter of 100-300 asks for about a million
 * iterations on average: roughly a second on a tablet's WebCrypto, a fraction of
 * that on a desktop, and verification costs the server one HMAC.
 */
const DEFAULT_AUTH_TUNING: AuthTuning = {
  challengeCost: 5_000,
  challengeCounter: [100, 300],
  failureDelayMs: 1_000,
};

export function authTuning(config: ServerConfig): AuthTuning {
  return { ...DEFAULT_AUTH_TUNING, ...config.auth };
}
