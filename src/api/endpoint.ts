/**
 * The one place that turns a spec path into a URL: API calls live under /api, the
 * login servlet (M=1 sign in, M=2 sign out) sits beside it.
 */
const API_BASE = '/api';
const SERVLET_PATH = '/servlet';

export type Query = Record<string, string | number | boolean | undefined>;

function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

export function apiUrl(path: string, query?: Query): string {
  return withQuery(`${API_BASE}${path}`, query);
}

export function servletUrl(query?: Query): string {
  return withQuery(SERVLET_PATH, query);
}

/** The ALTCHA widget fetches its own challenge from here. */
export const altchaChallengeUrl = apiUrl('/altcha/challenge');
