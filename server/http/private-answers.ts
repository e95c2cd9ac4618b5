import type { FastifyInstance } from 'fastify';

/** Paths whose answers belong to the signed-in user (or carry a bearer link): never kept by an HTTP cache. */
const PRIVATE_PATHS = /^\/(api|servlet|files\/download|files\/upload)(\/|\?|$)/;

/**
 * Every private answer is `no-store`, so the browser's HTTP cache never hands one user's
 * answer to the next user of a shared device (a PDF kept `max-age` was served to the next
 * user without asking the server). The service worker's caches, which sign-out wipes,
 * are the only offline copy. Set before the route runs; no route sets anything weaker.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (PRIVATE_PATHS.test(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
