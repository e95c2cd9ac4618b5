import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  isStopStatus,
  OUTBOX_PUSH_MAX_BYTES,
  outboxPushAnswerSchema,
  outboxPushSchema,
  type OutboxPush,
  type OutboxPushAnswer,
} from '../../src/domain/schemas/sync';
import { requireUser } from '../policy';

/**
 * Only the API's own change routes; never this route again (no nesting) nor anything
 * outside /api. Judged on the path as the router will see it (dot segments resolved,
 * %-escapes decoded), and that resolved path is the one sent: `/api/./sync/outbox` and
 * `/api/%2e%2e/servlet` are what they resolve to.
 */
function resolve(path: string): { url: string } | { refused: string } {
  const refused = { refused: `${path} cannot be sent through the outbox` };
  let url: URL;
  let decoded: string;
  try {
    url = new URL(path, 'http://outbox.invalid');
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return refused;
  }
  if (url.origin !== 'http://outbox.invalid' || !path.startsWith('/') || path.startsWith('//')) return refused;
  const segments = decoded.split('/');
  if (!decoded.startsWith('/api/') || decoded.startsWith('/api/sync/') || decoded.includes('\\') || decoded.includes('//') || segments.some((s) => s === '.' || s === '..')) {
    return refused;
  }
  return { url: `${url.pathname}${url.search}` };
}

type Entry = OutboxPush['entries'][number];

/**
 * One round trip for many queued changes: a tablet on a weak connection pays the
 * latency once per batch, not once per change. Each entry still goes through its own
 * spec route, with the caller's session, the route's organisation check and schema,
 * and its id as the Idempotency-Key, so a batch sent twice applies nothing twice and
 * no rule is skipped. Entries run strictly in order; after one that must be retried
 * (or needs a new sign-in) the rest are not attempted, so none overtakes it.
 */
export async function syncOutboxRoutes(app: FastifyInstance): Promise<void> {
  const schema = { body: outboxPushSchema, response: { 200: outboxPushAnswerSchema } };
  app.withTypeProvider<ZodTypeProvider>().post('/sync/outbox', { bodyLimit: OUTBOX_PUSH_MAX_BYTES, schema }, async (request): Promise<OutboxPushAnswer> => {
    requireUser(request);
    const { entries } = request.body;
    const results: OutboxPushAnswer['results'] = [];
    for (const entry of entries) {
      const result = await send(app, request, entry);
      results.push(result);
      if (isStopStatus(result.status)) break;
    }
    return { results };
  });
}

async function send(app: FastifyInstance, request: FastifyRequest, entry: Entry): Promise<OutboxPushAnswer['results'][number]> {
  const target = resolve(entry.path);
  if ('refused' in target) return { id: entry.id, status: 400, body: { errors: [target.refused] } };
  const headers: Record<string, string> = { 'idempotency-key': entry.id };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (entry.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await app.inject({
    method: entry.method,
    url: target.url,
    headers,
    // Per-address rules (throttles) see the caller, not this server.
    remoteAddress: request.ip,
    ...(entry.body !== undefined ? { payload: JSON.stringify(entry.body) } : {}),
  });
  const text = answer.body;
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  return { id: entry.id, status: answer.statusCode, body };
}
