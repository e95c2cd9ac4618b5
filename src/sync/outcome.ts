import { ApiError, NetworkError } from '../api/api-error';
import { errorToastText } from '../domain/messages';

/** What a failed send means for the outbox (ARCHITECTURE.md section 3). */
export type SendFailure =
  | { kind: 'retry' }
  | { kind: 'signIn' }
  | { kind: 'refused'; errors: string[] };

const RETRYABLE_STATUSES = new Set([408, 429]);

export function classifyFailure(error: unknown): SendFailure {
  if (error instanceof NetworkError) return { kind: 'retry' };
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'signIn' };
    if (error.status >= 500 || RETRYABLE_STATUSES.has(error.status)) return { kind: 'retry' };
    return { kind: 'refused', errors: serverErrors(error.body, error) };
  }
  // A bug on our side (a bad answer shape, a thrown TypeError) is not the server refusing: retry later.
  return { kind: 'retry' };
}

/** The server's `errors` list, else the generic toast text of the spec. */
export function serverErrors(body: unknown, error?: Error): string[] {
  if (body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)) {
    const list = (body as { errors: unknown[] }).errors.map(String);
    if (list.length > 0) return list;
  }
  return [errorToastText(body, error)];
}
