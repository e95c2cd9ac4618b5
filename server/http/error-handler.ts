import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '../../src/domain/messages';
import { HttpError } from './errors';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send(error.fieldErrors ? { errors: error.errors, fieldErrors: error.fieldErrors } : { errors: error.errors });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type) keep their 4xx.
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ errors: [error.message] });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ errors: [messages.somethingWentWrong] });
  });
}

/**
 * Unknown API paths answer a JSON 404. With the built PWA present, every other GET
 * (deep links, reloads of client-side routes) gets the shell instead.
 */
export function registerNotFoundHandler(app: FastifyInstance, serveShell: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/servlet') || request.url.startsWith('/files');
    if (serveShell && request.method === 'GET' && !isApi) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ errors: [`No route ${request.method} ${request.url}`] });
  });
}
