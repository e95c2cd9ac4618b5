import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderSummarySchema } from '../../src/domain/schemas/orders';
import { registerSchemaCompilers } from '../../server/http/schema-compilers';
import { ACME, ACTORS, SUPPORT } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The published contract (server/http/openapi.ts): generated from the routes' own
 * schemas, valid OpenAPI 3.1, complete for /api, and without a secret in any answer.
 */
let t: TestApp;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.as(SUPPORT, { method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApiDoc>();
});
afterAll(() => t.close());

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every route the app registered, as `METHOD /path/:param`, read from Fastify's own
 * route tree (printRoutes draws one line per node, four characters per level; a node
 * shared by routes with different parameter names lists them as `:a|:b`).
 */
function registeredRoutes(app: TestApp['app']): Array<{ method: string; shape: string }> {
  const routes: Array<{ method: string; shape: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ├└─]*?)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter((m) => METHODS.includes(m))) {
      routes.push({ method, shape: shapeOf(stack.join('')) });
    }
  }
  return routes;
}

/** A path with every parameter written `:`, whatever its name (`{id}` and `:a|:b` alike). */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, ':').replace(/:[^/]+/g, ':');

/** Every property anywhere in a JSON value, with its schema. */
function properties(value: unknown, into: Array<[string, { type?: unknown }]> = []): Array<[string, { type?: unknown }]> {
  if (Array.isArray(value)) for (const v of value) properties(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'properties' && child && typeof child === 'object') into.push(...(Object.entries(child) as Array<[string, { type?: unknown }]>));
      properties(child, into);
    }
  }
  return into;
}

describe('GET /api/openapi.json', () => {
  it('is for signed-in users only, of any role', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401);
    expect((await t.as(null, { method: 'GET', url: '/api/reference/' })).statusCode).toBe(401);
    expect((await t.as(null, { method: 'GET', url: '/api/reference/json' })).statusCode).toBe(401);
    expect((await t.as(null, { method: 'GET', url: '/api/reference/static/swagger-ui-bundle.js' })).statusCode).toBe(401);
    expect((await t.as(ACTORS.buyer.owner, { method: 'GET', url: '/api/reference/static/swagger-ui-bundle.js' })).statusCode).toBe(200);
    for (const who of [ACTORS.buyer.owner, ACTORS.seller.owner]) {
      expect((await t.as(who, { method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds every route registered under /api, /cxml and /files (only the document and its page left out)', () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${shapeOf(path)}`)),
    );
    const own = /^\/api\/(openapi\.json|reference)/;
    const missing = registeredRoutes(t.app)
      .filter((r) => /^\/(api|cxml|files)(\/|$)/.test(r.shape) && !own.test(r.shape))
      .map((r) => `${r.method} ${r.shape}`)
      .filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    expect([...documented].some((r) => own.test(r.split(' ')[1]!))).toBe(false);
    expect(documented.size).toBeGreaterThan(80);
  });

  it('declares every path parameter and an answer for every operation', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual([...names].sort());
        // A route without a response schema gets @fastify/swagger's bare 'Default Response', no content.
        const success = Object.entries(op.responses ?? {}).filter(([code, answer]) => /^2/.test(code) && 'content' in (answer as object));
        expect(success.length, `${method} ${path} declares its answer`).toBeGreaterThan(0);
        // Refusals: the error handler's `{errors, fieldErrors?}` (cXML's are cXML documents).
        const refusal = (op.responses?.['4XX'] as { content?: Record<string, { schema?: { properties?: object } }> } | undefined)?.content;
        const refusalType = path === '/cxml' ? 'text/xml' : 'application/json';
        expect(refusal?.[refusalType], `${method} ${path} declares its refusals`).toBeDefined();
        if (refusalType === 'application/json') expect(Object.keys(refusal![refusalType]!.schema!.properties!)).toEqual(['errors', 'fieldErrors']);
      }
    }
  });

  it('names no secret in any answer', () => {
    const answers = [
      ...Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.responses)),
      (doc as { components?: unknown }).components,
    ];
    const fields = answers.flatMap((a) => properties(a));
    expect(fields.length).toBeGreaterThan(100);
    // Whether a secret is stored may be said (`passwordSet`, a boolean); the secret itself never.
    const secretLike = fields.filter(([name, schema]) => /password|secret|private.?key|api.?key|passphrase|token|session.?id|hash/i.test(name) && schema.type !== 'boolean');
    expect(secretLike.map(([name]) => name)).toEqual([]);
  });
});

describe('answers written through their schema', () => {
  it('a field the schema does not name never leaves, whatever the handler returned', async () => {
    const app = Fastify();
    registerSchemaCompilers(app);
    const summary = { id: 1, orderNo: 'PO-1' };
    app.get('/x', { schema: { response: { 200: orderSummarySchema.pick({ id: true, orderNo: true }) } } }, async () => ({
      ...summary,
      passwordHash: 'argon2id$leak',
    }));
    app.get('/list', { schema: { response: { 200: z.array(z.object({ a: z.number() })) } } }, async () => [{ a: 1, secret: 's' }]);
    const one = await app.inject({ method: 'GET', url: '/x' });
    expect(one.json()).toEqual(summary);
    expect(one.body).not.toContain('leak');
    expect((await app.inject({ method: 'GET', url: '/list' })).json()).toEqual([{ a: 1 }]);
    await app.close();
  });

  it("a route's declared input refuses bad input with the spec's field messages, as the error handler always answered", async () => {
    const res = await t.as(ACTORS.seller.owner, { method: 'POST', url: `/api/seller/${ACME}/sscc`, payload: { count: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [expect.stringMatching(/^count: /)] });
  });
});
