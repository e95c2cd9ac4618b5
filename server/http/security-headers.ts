import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What a page of this origin may load and run. The app is all same-origin scripts;
 * styled-components and the ALTCHA widget write inline styles; the ALTCHA solver runs
 * in a worker made from a blob: URL, pdf.js in a worker chunk of this origin (and
 * compiles WebAssembly decoders); untrusted email HTML is shown in sandboxed srcdoc
 * iframes, which inherit this policy, so it cannot load remote content either.
 */
const CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy of a public asset (a product's image or data-sheet page): framed by the
 * portal's own product drawer only, and run as a sandboxed document (no script, an
 * opaque origin) even when opened on its own, so an HTML asset never acts as the portal.
 */
export const ASSET_CSP = [
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  'sandbox',
  "frame-ancestors 'self'",
].join('; ');

/**
 * Hardening headers on every answer: CSP, nosniff, no framing by others, no referrer
 * leaving the origin. Every value here is fixed, so helmet writes them once, at start,
 * into a list each answer copies: @fastify/helmet would build helmet's middleware and
 * parse the policy again on every request, a cost a profile of the hot reads showed.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): void {
  const headers = fixedHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP },
      // Strict transport only when the portal is served over HTTPS (secure cookies on).
      strictTransportSecurity: opts.https,
      referrerPolicy: { policy: 'same-origin' },
      // Product images and PDFs are same-origin; nothing cross-origin is embedded.
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers a middleware sets, taken from one run against a response that only records them. */
function fixedHeaders(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  let failure: unknown = null;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => (failure = error ?? null));
  if (failure) throw new Error('The security headers could not be prepared', { cause: failure });
  return headers;
}
