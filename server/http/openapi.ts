import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryNodeSchema } from '../../src/domain/schemas/catalogue';
import { requireUser } from '../policy';

// The category tree's node refers to itself: named, it becomes one component the document
// refers to. Named here, not in src/domain, so the browser never loads zod's registry.
if (!z.globalRegistry.has(categoryNodeSchema)) z.globalRegistry.add(categoryNodeSchema, { id: 'CategoryNode' });

/**
 * The API's published contract: an OpenAPI 3.1 document generated from the routes'
 * own schemas (zod, from src/domain), so it cannot drift from what the server checks
 * and sends. docs/api-reference.md keeps only what a schema cannot say.
 *
 * Registered on the root before any route, so every route is seen, /cxml and /files
 * included (they declare their content types). A route marked `hide` is left out: only
 * the document and its reference page themselves.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // A file's bytes (server/http/file-schemas.ts) have no JSON schema of their own: their meta says what they are.
  const zodToJsonConfig = { unrepresentable: 'any' as const };
  const routeTransform = createJsonSchemaTransform({ zodToJsonConfig });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Procurement Portal API',
        version: '1',
        description:
          'The JSON API the portal\'s own client uses, under /api, with cXML at /cxml and signed file links under /files. ' +
          'Refusals answer `{ "errors": [text, ...] }` (a form\'s rule refusals add `fieldErrors`). See docs/api-reference.md for ' +
          'sessions, idempotency keys, revisions and the changes feed.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'portal_session', description: 'The session cookie the sign-in sets.' },
        },
      },
      security: [{ session: [] }],
    },
    transform: (route) => withRefusals(routeTransform(route)),
    // Schemas with an id (a recursive one, the category tree's node) become components.
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  });
}

/** Every refusal of the error handler (server/http/error-handler.ts): the errors in order, and a form's fields. */
const refusalSchema = z
  .object({
    errors: z.array(z.string()),
    fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .describe('Refused: 400 bad input or a rule, 401 not signed in, 403 not allowed, 404 not found (or not yours), 409 conflict, 429 too many');
const { $schema: _draft, ...REFUSAL } = z.toJSONSchema(refusalSchema, { target: 'draft-2020-12' });

/** A route's documented answers gain the refusals, unless it declares its own (cXML answers in cXML). */
function withRefusals<T extends { schema: FastifySchema & { hide?: boolean } }>(route: T): T {
  const response = route.schema.response as Record<string, unknown> | undefined;
  if (response && !route.schema.hide && !('4xx' in response)) response['4xx'] = REFUSAL;
  return route;
}

/**
 * Tags each route with the area of the route group that declares it (`orderRoutes`:
 * "order"), so the reference page lists the API by area; set the group before calling it.
 */
export function routeAreas(api: FastifyInstance): (groupName: string) => void {
  let area = '';
  api.addHook('onRoute', (route) => {
    if (area && !route.schema?.tags) route.schema = { ...route.schema, tags: [area] };
  });
  return (groupName) => {
    area = groupName
      .replace(/Routes$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
  };
}

/**
 * Serves the document (`GET /api/openapi.json`) and its rendered reference page
 * (`/api/reference/`, Swagger UI from this server's own files, no CDN, no inline script,
 * so the portal's Content-Security-Policy holds) inside the /api scope.
 *
 * Both ask for a signed-in user (any role): nearly every operation needs a session
 * anyway (the few that do not, sign-in, recovery, cXML and signed file links, say so
 * with an empty `security`), so whoever may use the API can read its contract, while
 * an anonymous visitor gets no map of the portal's surface.
 */
export async function openApiRoutes(api: FastifyInstance): Promise<void> {
  const signedIn = async (request: FastifyRequest, _reply: FastifyReply) => {
    requireUser(request, { allowPendingTerms: true });
  };
  api.get('/openapi.json', { schema: { hide: true }, onRequest: signedIn }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(api.swagger())),
  );
  // Its static files too: nobody signed out makes the server compress Swagger UI's bundle.
  await api.register(async (reference) => {
    reference.addHook('onRequest', signedIn);
    await reference.register(swaggerUi, {
      routePrefix: '/reference',
      uiConfig: { deepLinking: true, validatorUrl: null },
      theme: { title: 'Procurement Portal API' },
    });
  });
}
