import { z } from 'zod';
import { TEXT_LENGTHS } from '../constants';
import { fieldErrors } from '../messages';

/**
 * C0 control characters (tab, line feed and carriage return aside), DEL, C1 control
 * characters, and a UTF-16 surrogate without its pair. PostgreSQL refuses a NUL byte and
 * an invalid code point where SQLite stores them, so such text is refused as bad input
 * before any database sees it, on both databases alike.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (value: string): boolean => !UNSAFE_TEXT.test(value);

/**
 * Where a request holds unsafe text: the paths (`a.b.0`, or `a.<key>` for a key) of every
 * string and object key that fails `isSafeText`, so the server refuses it in one place for
 * path parameters, query and bodies, whichever schema reads them next.
 */
export function unsafeTextPaths(value: unknown, path: readonly string[] = []): string[] {
  const where = (p: readonly string[]) => (p.length ? p.join('.') : 'value');
  if (typeof value === 'string') return isSafeText(value) ? [] : [where(path)];
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return [];
  const found: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (!isSafeText(key)) found.push(where([...path, '<key>']));
    found.push(...unsafeTextPaths(inner, [...path, key]));
  }
  return found;
}

/**
 * Bounded text for request schemas: every text a client sends has a length limit, the
 * spec's where it gives one (rules then word the message) and TEXT_LENGTHS otherwise,
 * and holds no control characters, so browser and server refuse the same input.
 */
export const text = (kind: keyof typeof TEXT_LENGTHS) => z.string().max(TEXT_LENGTHS[kind]).refine(isSafeText, fieldErrors.unsafeText);
