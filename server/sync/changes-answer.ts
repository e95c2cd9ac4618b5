import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import { answerCacheOf } from '../http/read-cache';
import type { OrgRef } from '../policy';
import type { Scope } from './change-log';
import { loadChangesPage } from './changes-page';
import { readableEntitiesKey } from './entity-permissions';

const currentRevision = preparedQuery((db, _v: Record<string, never>) => db.selectFrom('rev_counter').select('value').where('id', '=', 1));

/** Larger pages are answered but not remembered: a few dozen remembered pages stay within tens of megabytes. */
const MAX_REMEMBERED_BYTES = 512 * 1024;

/**
 * A page of the changes feed as the UTF-8 JSON it is sent as. When a shift's tablets
 * pull the same pages (a fresh install syncing from the start, tablets that last
 * synced together), building each page again is most of the server's work, so the
 * encoded page is remembered (server/http/read-cache.ts: cleared by every
 * write request, gone after two seconds) under the revision counter as it was: a
 * change recorded by anyone, a job included, moves the counter, and the next pull
 * builds a new page. The page also depends on what the user may read, so that is in
 * the key.
 */
export async function changesAnswerJson(db: Db, user: SessionUser, org: OrgRef, kind: Scope['kind'], since: number, limit: number): Promise<Buffer> {
  const load = async () => Buffer.from(JSON.stringify(await loadChangesPage(db, user, org, kind, since, limit)));
  const cache = answerCacheOf(db);
  if (!cache) return load();
  const [counter] = await currentRevision(db, {});
  const key = ['changes', kind, org.orgKey, since, limit, readableEntitiesKey(user, org), counter?.value].join('\u0000');
  const json = (await cache.through(key, load))!;
  if (json.byteLength > MAX_REMEMBERED_BYTES) cache.forget(key);
  return json;
}
