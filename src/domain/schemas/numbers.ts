import { z } from 'zod';

/**
 * A number from a path or a query string, written in decimal digits only: '0x10',
 * '1e1', '16.0', ' 16' or '+16' are not 16 (wholeNumber() would say they are).
 * `inner` adds the bounds. Numbers given as numbers pass as they are.
 */
export function wholeNumber(inner: z.ZodNumber = z.number()) {
  return z.union([z.number(), z.string().regex(/^\d{1,15}$/, 'Expected a whole number written in digits').transform(Number)]).pipe(inner.int());
}
