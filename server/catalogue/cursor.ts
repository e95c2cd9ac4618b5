import { badRequest } from '../http/errors';

/** Opaque cursors: the last row's sort key, base64url-encoded so clients treat it as a token. */
export function encodeCursor(lastKey: string | number): string {
  return Buffer.from(JSON.stringify(lastKey)).toString('base64url');
}

export function decodeCursor<T extends string | number>(cursor: string | undefined, type: 'string' | 'number'): T | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof value === type) return value as T;
  } catch {
    // Fall through to the 400 below.
  }
  throw badRequest(['cursor: Invalid cursor']);
}
