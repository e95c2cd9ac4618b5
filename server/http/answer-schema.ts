import { z } from 'zod';

/**
 * A route's 200 answer as Fastify's response schema, made from the zod schema in
 * src/domain that the client reads it with. Fastify then writes the answer with a
 * serialiser compiled from it (fast-json-stringify) instead of JSON.stringify, and a
 * field the schema does not name is never sent.
 */
export function answerSchema(schema: z.ZodType): { 200: object } {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return { 200: json };
}
