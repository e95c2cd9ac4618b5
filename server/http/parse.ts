import { z } from 'zod';
import { badRequest } from './errors';

/**
 * Validates input with a domain schema (full zod, or zod/mini for the few the sign-in
 * page reads); bad input is a 400 with an `errors` list, never a 500.
 */
export function parse<S extends z.core.$ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
  );
}
