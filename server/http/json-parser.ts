import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';
import { jsonNesting, MAX_JSON_NESTING } from './json-nesting';

/**
 * Fastify's JSON parser (prototype-poisoning checks included) behind a nesting check:
 * a deeply nested body is a 400 before anything recursive (zod, JSON.stringify of an
 * outbox entry or a servlet call) can overflow the stack.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNesting(text) > MAX_JSON_NESTING) return done(badRequest([`The body nests deeper than ${MAX_JSON_NESTING} levels`]), undefined);
    return parseJson(request, text, done);
  });
}
