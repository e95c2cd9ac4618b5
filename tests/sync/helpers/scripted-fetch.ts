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
