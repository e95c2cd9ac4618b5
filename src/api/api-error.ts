import { errorToastText } from '../domain/messages';

/** A server answer outside 2xx (or one that breaks the contract), with its parsed body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: unknown,
    message = `Request failed with status ${status}`,
  ) {
    super(message);
  }
}

/** The request never got an answer: offline, DNS, connection refused. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
  }
}

/** Offline or the server is down: worth falling back to what the browser already holds. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The spec's generic error toast for any failed call. */
export function errorToastTextOf(error: unknown): string {
  return errorToastText(error instanceof ApiError ? error.body : undefined, error instanceof Error ? error : null);
}
