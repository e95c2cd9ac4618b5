import { z } from 'zod';
import { badRequest, type HttpError } from './errors';

/**
 * Validates input with a domain schema (full zod, or zod/mini for the few the sign-in
 * page reads); bad input is a 400 with an `errors` list, never a 500. A route declares
 * its input in its Fastify schema, which runs the same check (server/http/schema-compilers.ts).
 */
export function parse<S extends z.core.$ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = checked(schema, input);
  if (result.ok) return result.value;
  throw result.error;
}

/** The check itself: the parsed value, or the 400 that names each bad field. A missing body is an empty one. */
export function checked<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; error: HttpError } {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    error: badRequest(result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))),
  };
}
