import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import { answerCacheOf } from './read-cache';

const currentRevision = preparedQuery((db, _v: Record<string, never>) => db.selectFrom('rev_counter').select('value').where('id', '=', 1));

/** Larger answers are sent but not remembered: a few dozen remembered answers stay within tens of megabytes. */
const MAX_REMEMBERED_BYTES = 512 * 1024;

/**
 * A read answer as the UTF-8 JSON it is sent as, remembered (server/http/read-cache.ts:
 * cleared by every write request, gone after two seconds) under the revision counter as
 * it was: a change recorded by anyone, a job or another process included, moves the
 * counter, and the next read builds a new answer. Only for answers built from rows
 * whose every change is recorded (sync/change-log.ts); `key` must name everything the
 * answer depends on, what the reader may read included, and the caller checks the
 * reader's rights before asking. `revisionSeen`: the counter as the request's session
 * read saw it (server/auth/session.ts), when it did.
 */
export async function rememberedAnswer(
  db: Db,
  key: Array<string | number>,
  build: () => Promise<Buffer>,
  revisionSeen: string | number | null = null,
): Promise<Buffer> {
  const cache = answerCacheOf(db);
  if (!cache) return build();
  // The counter as the request's session read saw it does as well as one read now: it was read before the answer is built.
  const counter = revisionSeen ?? (await currentRevision(db, {}))[0]?.value;
  const fullKey = [...key, counter].join('\u0000');
  const json = (await cache.through(fullKey, build))!;
  if (json.byteLength > MAX_REMEMBERED_BYTES) cache.forget(fullKey);
  return json;
}
