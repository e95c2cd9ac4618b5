/**
 * Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped at 60 s, each picked at
 * random between half and all of that, so many clients coming back online together
 * do not retry in step.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  random: () => number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 60_000, random: Math.random };

/** The wait before attempt number `attempts + 1`, after `attempts` failed ones (attempts >= 1). */
export function backoffDelay(attempts: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + policy.random() / 2));
}
