import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { checked } from './parse';

/**
 * Routes declare their params, query, body and answers with the domain's zod schemas
 * (the type provider of fastify-type-provider-zod types the handlers from them, and
 * @fastify/swagger publishes them, server/http/openapi.ts). These two compilers decide
 * what the declarations do at run time:
 *
 * - input is checked by the same zod parse the routes used to call by hand, and a
 *   refusal is the same HttpError (`{errors: ['field: message']}`, 400) the error
 *   handler has always answered, not the provider's own validation error;
 * - an answer is written by a serialiser compiled from the schema's JSON schema
 *   (fast-json-stringify, as Fastify does for JSON schemas): a field the schema does
 *   not name is never sent, and it is faster than JSON.stringify, where a zod parse
 *   before writing would be slower. The hot reads that send bytes they prepared
 *   (remembered pages, stored wires) keep doing so: a Buffer is sent as it is.
 */
const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = checked(schema, data);
    return result.ok ? { value: result.value } : { error: result.error };
  };

const serializerCompiler: FastifySerializerCompiler<z.core.$ZodType | object> = ({ schema }) =>
  fastJson(schema instanceof z.core.$ZodType ? answerJsonSchema(schema) : schema);

/** An answer's zod schema as the JSON schema its serialiser is compiled from (what leaves, hence `output`). */
function answerJsonSchema(schema: z.core.$ZodType): object {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return json;
}

export function registerSchemaCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
