import type { FastifyInstance } from 'fastify';
import { fieldErrors } from '../../src/domain/messages';
import { OUTBOX_PUSH_PATH } from '../../src/domain/schemas/sync';
import { unsafeTextPaths } from '../../src/domain/schemas/text';
import { badRequest } from './errors';

/** A 400 naming every place of `input` that holds control characters or unpaired surrogates. */
export function refuseUnsafeText(input: unknown): void {
  const paths = unsafeTextPaths(input);
  if (paths.length) throw badRequest(paths.map((path) => `${path}: ${fieldErrors.unsafeText}`));
}

/**
 * Path parameters, query and parsed bodies of every route are checked before the route
 * runs, so no text a schema reads with a plain `z.string()` reaches a database query
 * (PostgreSQL answered such text with a 500). Multipart forms are read by their route,
 * which calls `refuseUnsafeText` itself.
 */
export function registerSafeText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseUnsafeText(request.params);
      refuseUnsafeText(request.query);
      // An outbox batch's entries are each checked as their own request, so one bad entry is set aside alone.
      if (request.routeOptions.url !== OUTBOX_PUSH_PATH) refuseUnsafeText(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
