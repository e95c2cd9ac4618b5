import { IDEMPOTENCY_HEADER } from '../../../src/api/request';
import { isStopStatus, OUTBOX_PUSH_PATH, outboxPushSchema } from '../../../src/domain/schemas/sync';

/** A fetch whose answers a test scripts, recording every request it got. */
export interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = { status: number; body?: unknown } | 'network-error';

export function scriptedFetch(answer: (request: Recorded, index: number) => Answer) {
  const requests: Recorded[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const recorded: Recorded = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(recorded);
    const a = answer(recorded, requests.length - 1);
    if (a === 'network-error') throw new TypeError('fetch failed');
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchImpl, requests };
}

/**
 * A scripted `POST /api/sync/outbox`: each entry of a batch is recorded as the request
 * the server would run for it (its path, and its id as the Idempotency-Key) and
 * answered by the script. As the server does, a batch stops after an answer that must
 * be retried (401, 408, 429, 5xx); a 'network-error' loses the whole batch's answer.
 */
export function scriptedOutbox(answer: (entry: Recorded, index: number) => Answer) {
  const requests: Recorded[] = [];
  let batches = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    if (!String(input).endsWith(OUTBOX_PUSH_PATH)) throw new Error(`unexpected request to ${String(input)}`);
    batches += 1;
    const { entries } = outboxPushSchema.parse(JSON.parse(String(init?.body)));
    const results: Array<{ id: string; status: number; body?: unknown }> = [];
    for (const e of entries) {
      const recorded: Recorded = { method: e.method, url: e.path, headers: { [IDEMPOTENCY_HEADER]: e.id }, body: e.body };
      requests.push(recorded);
      const a = answer(recorded, requests.length - 1);
      if (a === 'network-error') throw new TypeError('fetch failed');
      results.push({ id: e.id, status: a.status, body: a.body });
      if (isStopStatus(a.status)) break;
    }
    return new Response(JSON.stringify({ results }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetchImpl, requests, batches: () => batches };
}
