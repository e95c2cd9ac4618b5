import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OUTBOX_PUSH_PATH, outboxPushAnswerSchema } from '../../../src/domain/schemas/sync';
import { httpFetch } from './http-fetch';

/** A small seeded PRNG (mulberry32): the same seed gives the same faults. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultRates {
  /** Answer 503 without forwarding. */
  refuse5xx: number;
  /** Answer 401 without forwarding. */
  unauthorized: number;
  /** Forward twice (same Idempotency-Key), answer the second. */
  duplicate: number;
  /** Forward, let the server commit, then cut the connection: the answer is lost. */
  dropAnswer: number;
  /** Forward, then answer 502 instead of the server's answer. */
  answer5xxAfterCommit: number;
  /**
   * A batch of outbox entries: forward it, then cut its answer after a random entry,
   * which answers 503. The server applied them all; the client hears of the first few.
   */
  cutBatch: number;
  /** Most ms of delay before forwarding. */
  maxDelayMs: number;
}

interface FaultCounts {
  requests: number;
  refuse5xx: number;
  unauthorized: number;
  duplicate: number;
  dropAnswer: number;
  answer5xxAfterCommit: number;
  cutBatch: number;
}

export interface FaultProxy {
  origin: string;
  counts: FaultCounts;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A proxy on 127.0.0.1 between the sync engine and the real server that misbehaves at random (seeded). */
export async function startFaultProxy(target: string, rates: FaultRates, seed: number): Promise<FaultProxy> {
  const random = seeded(seed);
  const counts: FaultCounts = { requests: 0, refuse5xx: 0, unauthorized: 0, duplicate: 0, dropAnswer: 0, answer5xxAfterCommit: 0, cutBatch: 0 };
  const chance = (p: number) => random() < p;
  const upstream = httpFetch();

  const server: Server = createServer((req, res) => {
    void (async () => {
      counts.requests += 1;
      const body = await readBody(req);
      const [refuse, unauthorized, duplicate, drop, after5xx, cut, delay] = [
        chance(rates.refuse5xx),
        chance(rates.unauthorized),
        chance(rates.duplicate),
        chance(rates.dropAnswer),
        chance(rates.answer5xxAfterCommit),
        chance(rates.cutBatch),
        random() * rates.maxDelayMs,
      ];
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (refuse) {
        counts.refuse5xx += 1;
        return json(503, { errors: ['Injected: service unavailable'] });
      }
      if (unauthorized) {
        counts.unauthorized += 1;
        return json(401, { errors: ['Injected: sign in again'] });
      }
      await new Promise((r) => setTimeout(r, delay));
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      const forward = () =>
        upstream.fetch(`${target}${req.url}`, { method: req.method, headers, body: body.length > 0 ? body.toString() : undefined });
      let answer = await forward();
      if (duplicate) {
        counts.duplicate += 1;
        await answer.arrayBuffer();
        answer = await forward();
      }
      const text = await answer.text();
      if (drop) {
        counts.dropAnswer += 1;
        req.socket.destroy();
        return;
      }
      if (after5xx) {
        counts.answer5xxAfterCommit += 1;
        return json(502, { errors: ['Injected: bad gateway'] });
      }
      if (cut && req.url === OUTBOX_PUSH_PATH && answer.ok) {
        const { results } = outboxPushAnswerSchema.parse(JSON.parse(text));
        if (results.length > 0) {
          counts.cutBatch += 1;
          const at = Math.floor(random() * results.length);
          return json(200, { results: [...results.slice(0, at), { ...results[at]!, status: 503, body: { errors: ['Injected: busy'] } }] });
        }
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        upstream.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
