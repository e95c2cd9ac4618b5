import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import { rememberedAnswer } from '../http/remembered-answer';
import type { OrgRef } from '../policy';
import type { ChangesAnswer } from '../../src/domain/schemas/sync';
import type { Scope } from './change-log';
import { loadChangesPage } from './changes-page';
import { readableEntitiesKey } from './entity-permissions';
import { JsonText } from './json-text';

/**
 * The page as JSON.stringify writes it (the same keys in the same order), each row that
 * a loader gave as JSON text (./json-text.ts) written as it is: writing a page of 200
 * metas out again was a seventh of its CPU, and parsing their contract prices first another tenth.
 */
function changesPageJson(page: ChangesAnswer): string {
  // A page holds few entity names: each is written as JSON once.
  const names = new Map<string, string>();
  const changes = page.changes.map((c) => {
    let entity = names.get(c.entity);
    if (entity === undefined) names.set(c.entity, (entity = JSON.stringify(c.entity)));
    const head = `{"entity":${entity},"key":${JSON.stringify(c.key)},"op":"${c.op === 'delete' ? 'delete' : 'upsert'}","rev":${JSON.stringify(c.rev)}`;
    if (c.row === undefined) return `${head}}`;
    return `${head},"row":${c.row instanceof JsonText ? c.row.json : JSON.stringify(c.row)}}`;
  });
  return `{"changes":[${changes.join(',')}],"cursor":${JSON.stringify(page.cursor)},"hasMore":${JSON.stringify(page.hasMore)}}`;
}

/**
 * A page of the changes feed as the UTF-8 JSON it is sent as. When a shift's tablets
 * pull the same pages (a fresh install syncing from the start, tablets that last
 * synced together), building each page again is most of the server's work, so the
 * encoded page is remembered (server/http/remembered-answer.ts). The page also depends
 * on what the user may read, so that is in the key.
 */
export async function changesAnswerJson(
  db: Db,
  user: SessionUser,
  org: OrgRef,
  page: { kind: Scope['kind']; since: number; limit: number },
  revisionSeen: string | number | null,
): Promise<Buffer> {
  const { kind, since, limit } = page;
  const key = ['changes', kind, org.orgKey, since, limit, readableEntitiesKey(user, org)];
  return rememberedAnswer(db, key, async () => Buffer.from(changesPageJson(await loadChangesPage(db, user, org, kind, since, limit))), revisionSeen);
}
