import { safeParse } from 'zod/mini';
import type * as z from 'zod/v4/core';
import { ApiError, NetworkError } from './api-error';
import { sameShape } from './same-shape';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Carries a change's unique id: the server applies a replayed change once and answers it again. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface RequestOptions<S extends z.$ZodType> {
  schema: S;
  json?: unknown;
  form?: FormData;
  /** Extra headers, e.g. the outbox's `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** The sync engine passes its own (tests point it at a real server); the page uses the global one. */
  fetch?: typeof fetch;
}

function parseBody(response: Response, text: string): unknown {
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one call and returns its answer parsed with the schema of the contract.
 * Every failure is typed: NetworkError without an answer, ApiError with one.
 */
export async function request<S extends z.$ZodType>(method: Method, url: string, opts: RequestOptions<S>): Promise<z.output<S>> {
  return (await requestWithText(method, url, opts)).data;
}

/**
 * As `request`, and the answer's text beside it: JSON of exactly the checked answer.
 * It is the server's own text when the schema kept all of it (the usual case), so the
 * product mirror stores a page without writing it out again.
 */
export async function requestWithText<S extends z.$ZodType>(
  method: Method,
  url: string,
  { schema, json, form, headers, fetch: send = fetch }: RequestOptions<S>,
): Promise<{ data: z.output<S>; text: string }> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json', ...headers } };
  if (form) {
    init.body = form;
  } else if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }

  let response: Response;
  try {
    response = await send(url, init);
  } catch (error) {
    throw new NetworkError(error);
  }

  const text = await response.text();
  const body = parseBody(response, text);
  if (!response.ok) throw new ApiError(response.status, body);

  const parsed = safeParse(schema, body);
  if (!parsed.success) throw new ApiError(response.status, body, 'The server answered in an unexpected shape');
  return { data: parsed.data, text: sameShape(body, parsed.data) ? text : JSON.stringify(parsed.data) };
}
