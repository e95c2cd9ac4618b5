import type { z } from 'zod';
import { badRequest } from './errors';

/** Validates input with a domain schema; bad input is a 400 with an `errors` list, never a 500. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
  );
}
