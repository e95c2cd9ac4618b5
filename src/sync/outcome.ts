import { ApiError, NetworkError } from '../api/api-error';
import { errorToastText, type FieldIssue } from '../domain/messages';

/** What a failed send means for the outbox (ARCHITECTURE.md section 3). */
export type SendFailure =
  | { kind: 'retry' }
  | { kind: 'signIn' }
  /** `fieldErrors`: the same errors with the form field each is about, when the server names them. */
  | { kind: 'refused'; errors: string[]; fieldErrors?: FieldIssue[] };

const RETRYABLE_STATUSES = new Set([408, 429]);

export function classifyFailure(error: unknown): SendFailure {
  if (error instanceof NetworkError) return { kind: 'retry' };
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'signIn' };
    if (error.status >= 500 || RETRYABLE_STATUSES.has(error.status)) return { kind: 'retry' };
    return { kind: 'refused', errors: serverErrors(error.body, error), fieldErrors: serverFieldErrors(error.body) };
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

/** The server's `fieldErrors` (`[{field, message}]`, e.g. of an ASN submit's 400), when it sent any. */
function serverFieldErrors(body: unknown): FieldIssue[] | undefined {
  const list = body && typeof body === 'object' ? (body as { fieldErrors?: unknown }).fieldErrors : undefined;
  if (!Array.isArray(list)) return undefined;
  const issues = list.filter(
    (item): item is FieldIssue =>
      !!item && typeof item === 'object' && typeof (item as FieldIssue).field === 'string' && typeof (item as FieldIssue).message === 'string',
  );
  return issues.map(({ field, message }) => ({ field, message }));
}
