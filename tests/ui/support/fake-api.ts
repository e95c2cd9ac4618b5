import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: string;
  /** Parsed JSON body, or the FormData of a multipart call. */
  body: unknown;
}

/** `body` is answered as JSON; `text` as plain text. */
type Answer = { status: number; body?: unknown; text?: string } | 'network-error';
type Route = Answer | ((request: FakeRequest) => Answer);

/**
 * Stands in for the server at the fetch boundary. Routes are keyed "METHOD /path"
 * (query ignored); an unknown call answers 404 so a test sees it went astray.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const raw = init.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const request: FakeRequest = { method, url, body };
    calls.push(request);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? route(request) : (route ?? { status: 404, body: { errors: ['Not found'] } });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer.text !== undefined) return new Response(answer.text, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, routes };
}
