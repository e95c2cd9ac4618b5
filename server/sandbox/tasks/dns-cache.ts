import { LRUCache } from 'lru-cache';

/** How mailauth asks DNS: a name and a record type, answered with the records or an error. */
export type DnsResolve = (name: string, rrtype: string) => Promise<unknown>;

/** Answers kept per worker, and for how long: well under the TTL a domain usually gives its SPF and DKIM records. */
const DNS_CACHE = { maxEntries: 1000, ttlMs: 60_000 } as const;

/** The name has no such record, or no such name: as final as an answer, and kept as one. */
const FINAL_ERRORS = new Set(['ENOTFOUND', 'ENODATA']);

type Kept = { records: unknown } | { error: unknown };

/**
 * DNS answers kept for a while, as a caching resolver keeps them: a supplier's batch of
 * mails from one domain asks for its SPF and DKIM records once, not once a mail, so a
 * sandbox worker is not held waiting on DNS for each. Temporary failures (a timeout,
 * a refused query) are not kept; the next mail asks again. Bounded in entries, so
 * mail naming many domains cannot grow it.
 */
export function cachedResolver(resolve: DnsResolve, { maxEntries, ttlMs }: { maxEntries: number; ttlMs: number } = DNS_CACHE): DnsResolve {
  const kept = new LRUCache<string, Kept>({ max: maxEntries, ttl: ttlMs });
  return async (name, rrtype) => {
    const key = `${rrtype}:${name.toLowerCase()}`;
    let answer = kept.get(key);
    if (!answer) {
      try {
        answer = { records: await resolve(name, rrtype) };
      } catch (error) {
        if (!FINAL_ERRORS.has((error as { code?: string }).code ?? '')) throw error;
        answer = { error };
      }
      kept.set(key, answer);
    }
    if ('error' in answer) throw answer.error;
    return answer.records;
  };
}
