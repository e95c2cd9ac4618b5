import { STORAGE_KEYS } from '../../../domain/constants';
import { ApiError } from '../../../local/online/server-answers';
import { reserveSsccs } from '../../../local/online/sscc-calls';

/**
 * The SSCCs this device holds for a supplier's packages: reserved from the server while
 * online (each is handed out once, ever), taken one per new package, online or not. When
 * the server refuses (no GS1 company prefix), its reason is kept to tell the packer. Held
 * in localStorage, so a tablet that restarts offline still labels packages; sign-out
 * removes them (a serial never used is simply never issued again).
 */
interface Pool {
  ssccs: string[];
  refusal: string | null;
}

const REFILL_BELOW = 10;
const REFILL_COUNT = 20;
const keyOf = (sellerId: string) => `${STORAGE_KEYS.ssccPoolPrefix}${sellerId}`;

function read(sellerId: string): Pool {
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(sellerId)) ?? 'null') as Pool | null;
    return parsed && Array.isArray(parsed.ssccs) ? parsed : { ssccs: [], refusal: null };
  } catch {
    return { ssccs: [], refusal: null };
  }
}

function write(sellerId: string, pool: Pool): void {
  try {
    localStorage.setItem(keyOf(sellerId), JSON.stringify(pool));
  } catch {
    // Storage full: the SSCCs taken now are still used; unused ones are simply never used.
  }
}

export function holdsSscc(sellerId: string): boolean {
  return read(sellerId).ssccs.length > 0;
}

/** Tops the pool up when it runs low; offline it stays as it is. */
export async function refillSsccPool(sellerId: string): Promise<void> {
  const pool = read(sellerId);
  if (pool.ssccs.length >= REFILL_BELOW) return;
  try {
    const fresh = await reserveSsccs(sellerId, REFILL_COUNT);
    const now = read(sellerId);
    write(sellerId, { ssccs: [...now.ssccs, ...fresh], refusal: null });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const errors = (error.body as { errors?: unknown } | undefined)?.errors;
      write(sellerId, { ...read(sellerId), refusal: Array.isArray(errors) ? String(errors[0]) : error.message });
    }
  }
}

/** The next SSCC, or why there is none: the server's refusal, or none left on this device. */
export function takeSscc(sellerId: string): { sscc: string | null; refusal: string | null } {
  const pool = read(sellerId);
  const [sscc, ...rest] = pool.ssccs;
  if (!sscc) return { sscc: null, refusal: pool.refusal };
  write(sellerId, { ...pool, ssccs: rest });
  return { sscc, refusal: null };
}
