import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { AppContext } from './app-context';
import { registerSessionLoader } from './auth/session';
import { registerSessionRefresh } from './auth/sessions';
import { registerAfterAnswer } from './http/after-answer';
import { API_COMPRESSION } from './http/compression';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler';
import { registerReadCache } from './http/read-cache';
import { registerSafeText } from './http/safe-text';
import { registerSchemaCompilers } from './http/schema-compilers';
import { registerJsonParser } from './http/json-parser';
import { openApiRoutes, registerOpenApi, routeAreas } from './http/openapi';
import { registerPrivateAnswers } from './http/private-answers';
import { registerSecurityHeaders } from './http/security-headers';
import { startJobs } from './jobs/start';
import { routeGroups } from './routes';
import { servletRoutes } from './routes/servlet';
import { fileRoutes } from './routes/files';
import { cxmlRoutes } from './edi/inbound/cxml-route';

export interface BuildOptions {
  logger?: boolean;
}

/** Builds the Fastify instance without listening: tests call `inject`, main.ts listens. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // X-Forwarded-For is believed only from the proxies the operator names (PORTAL_TRUST_PROXY).
  const trustProxy = ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false;
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 10 * 1024 * 1024, trustProxy });
  registerJsonParser(app);
  registerSecurityHeaders(app, { https: ctx.config.secureCookies });
  registerPrivateAnswers(app);
  registerSafeText(app);
  registerAfterAnswer(app);
  await app.register(cookie);
  registerErrorHandler(app);
  registerSchemaCompilers(app);
  await registerOpenApi(app);
  registerReadCache(app, ctx.db);
  registerSessionLoader(app, ctx.db);
  registerSessionRefresh(app, ctx.db, ctx.config);

  await app.register(
    async (api) => {
      // API answers (JSON) are compressed; static files are served precompressed by the build, not here.
      await api.register(compress, API_COMPRESSION);
      const area = routeAreas(api);
      for (const group of routeGroups) {
        area(group.name);
        await group(api, ctx);
      }
      area('');
      await openApiRoutes(api);
    },
    { prefix: '/api' },
  );
  // Only the servlet reads multipart forms (the sign-in): registered around it alone, the
  // plugin's per-request hooks (a listener on every answer's close, two async hooks)
  // stay off every API read.
  await app.register(async (servlet) => {
    await servlet.register(multipart, { limits: { fileSize: 1024 * 1024, fields: 20, files: 1 } });
    await servletRoutes(servlet, ctx);
  });
  await fileRoutes(app, ctx);
  await cxmlRoutes(app, ctx);
  startJobs(app, ctx);

  const serveShell = Boolean(ctx.config.distDir && existsSync(join(ctx.config.distDir, 'index.html')));
  registerNotFoundHandler(app, serveShell);
  if (serveShell && ctx.config.distDir) {
    // Source maps stay on the build machine: the public gets a 404, as for any unknown file.
    app.addHook('onRequest', async (request, reply) => {
      if (/\.map$/i.test(request.url.split('?')[0] ?? '')) {
        await reply.code(404).send({ errors: [`No route ${request.method} ${request.url}`] });
        return reply;
      }
      return undefined;
    });
    // preCompressed: the .br/.gz files the build wrote beside each asset, with Content-Encoding and Vary.
    await app.register(fastifyStatic, { root: ctx.config.distDir, wildcard: false, index: 'index.html', preCompressed: true });
    app.addHook('onSend', async (request, reply, payload) => {
      // The service worker and the shell must never be served stale from an HTTP cache.
      if (request.url === '/sw.js' || request.url === '/' || request.url.endsWith('.html')) {
        reply.header('cache-control', 'no-cache');
      } else if (request.url.startsWith('/assets/')) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
      return payload;
    });
  }
  return app;
}
