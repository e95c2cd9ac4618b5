/**
 * How the engine reaches the server. In the browser the worker's own `fetch` with
 * relative URLs and the session cookie is all it needs; tests (and benchmarks) point
 * it at a real server on another origin and pass the cookie by hand.
 */
export interface TransportOptions {
  /** Prefixed to the API's relative URLs, e.g. `http://127.0.0.1:4321`. */
  origin?: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export function transportFetch({ origin = '', headers = {}, fetch: send = fetch }: TransportOptions): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input;
    return send(url, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), ...headers } });
  };
}
