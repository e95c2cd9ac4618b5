import { randomUUID } from 'node:crypto';
import type { ChangesAnswer, OutboxPushAnswer } from '../../../src/domain/schemas/sync';
import { CHANGES_PAGE_SIZE } from '../../../src/sync/pull-changes';
import { fmt, percentile } from '../measure';
import { serverCpuMs, type Server } from './load';

/** The storm's size: the unit in which the bench states how many tablets a process serves. */
export const TABLETS = 100;
const QUEUED_PER_TABLET = 10;

interface Tablet {
  cookie: string;
  names: string[];
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const res = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Pulls one scope's feed from `since` page by page, as the client does; answers the rows' property names and the cursor. */
async function pull(baseUrl: string, cookie: string, scope: string, since: number): Promise<{ cursor: number; names: Set<string> }> {
  const names = new Set<string>();
  let cursor = since;
  for (;;) {
    const page = await getJson<ChangesAnswer>(`${baseUrl}/api/sync/${scope}/changes?since=${cursor}&limit=${CHANGES_PAGE_SIZE}`, cookie);
    for (const c of page.changes) {
      const property = (c.row as { property?: unknown } | undefined)?.property;
      if (typeof property === 'string') names.add(property);
    }
    cursor = page.cursor;
    if (!page.hasMore) return { cursor, names };
  }
}

/**
 * One tablet coming back online: it pulls the buyer's feed from an old cursor (the
 * start: it has been away for the whole history), sends its 10 queued changes (new
 * organisation properties) in one outbox batch, and is in sync once the organisation
 * feed brings its own changes back.
 */
async function reconnect(baseUrl: string, buyer: string, tablet: Tablet, orgCursor: number): Promise<number> {
  const start = performance.now();
  await pull(baseUrl, tablet.cookie, `buyer/${buyer}`, 0);
  const res = await fetch(`${baseUrl}/api/sync/outbox`, {
    method: 'POST',
    headers: { cookie: tablet.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      entries: tablet.names.map((property) => ({ id: randomUUID(), method: 'POST', path: `/api/org/${buyer}/property`, body: { property, value: 'storm' } })),
    }),
  });
  if (!res.ok) throw new Error(`The outbox answered ${res.status}: ${await res.text()}`);
  const { results } = (await res.json()) as OutboxPushAnswer;
  const refused = results.filter((r) => r.status !== 201);
  if (results.length !== tablet.names.length || refused.length) {
    throw new Error(`A tablet's batch came back with ${results.length} answers, refused: ${JSON.stringify(refused.slice(0, 3))}`);
  }
  const { names } = await pull(baseUrl, tablet.cookie, `org/${buyer}`, orgCursor);
  const missing = tablet.names.filter((n) => !names.has(n));
  if (missing.length) throw new Error(`The feed did not bring back ${missing.join(', ')}`);
  return performance.now() - start;
}

/** Every property the organisation holds whose name starts with `prefix`, counted through the API. */
async function countProperties(baseUrl: string, cookie: string, buyer: string, prefix: string): Promise<number> {
  let count = 0;
  for (let offset = 0; ; offset += 100) {
    const rows = await getJson<Array<{ property: string }>>(`${baseUrl}/api/org/${buyer}/property?offset=${offset}&limit=100`, cookie);
    count += rows.filter((r) => r.property.startsWith(prefix)).length;
    if (rows.length < 100) return count;
  }
}

/** What a storm cost: the server processes' CPU time and the database's (PostgreSQL only), in ms. */
export interface StormFigures {
  lines: string[];
  serverCpuMs: number;
  databaseCpuMs?: number;
}

/**
 * The tablets (one session cookie each, every one its own user: tablet-users.ts) reconnect
 * at once; answers the lines to print and what the storm cost.
 */
export async function reconnectStorm(server: Server, buyer: string, cookies: string[]): Promise<StormFigures> {
  const baseUrl = server.url;
  const run = randomUUID().slice(0, 8);
  const tablets: Tablet[] = cookies.map((cookie, t) => ({ cookie, names: Array.from({ length: QUEUED_PER_TABLET }, (_, q) => `STORM_${run}_${t}_${q}`) }));
  const { cursor: orgCursor } = await pull(baseUrl, tablets[0]!.cookie, `org/${buyer}`, 0);

  const start = performance.now();
  const cpuBefore = serverCpuMs(server);
  const dbBefore = server.databaseCpuMs?.();
  const times = await Promise.all(tablets.map((t) => reconnect(baseUrl, buyer, t, orgCursor)));
  const allMs = performance.now() - start;
  const cpuMs = serverCpuMs(server) - cpuBefore;
  const databaseCpuMs = dbBefore === undefined ? undefined : server.databaseCpuMs!() - dbBefore;
  times.sort((a, b) => a - b);
  const stored = await countProperties(baseUrl, tablets[0]!.cookie, buyer, `STORM_${run}_`);
  const sent = tablets.length * QUEUED_PER_TABLET;
  const database = databaseCpuMs === undefined ? '' : `, PostgreSQL CPU ${fmt(databaseCpuMs / 1000, 2)} s`;
  const lines = [
    `reconnect storm, ${tablets.length} tablets at once, each its own user (each: buyer feed from cursor 0, ${QUEUED_PER_TABLET} queued changes in one outbox batch, own changes back through the feed): ` +
      `last in sync after ${fmt(allMs / 1000, 2)} s (server CPU ${fmt(cpuMs / 1000, 2)} s${database}); per tablet median ${fmt(percentile(times, 50) / 1000, 2)} s, p99 ${fmt(percentile(times, 99) / 1000, 2)} s; ` +
      `${stored} of ${sent} changes stored${stored === sent ? ', none lost' : stored < sent ? `, ${sent - stored} LOST` : `, ${stored - sent} applied twice`}`,
  ];
  return { lines, serverCpuMs: cpuMs, databaseCpuMs };
}
