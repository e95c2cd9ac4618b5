import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import { rememberedAnswer } from '../http/remembered-answer';
import type { OrgRef } from '../policy';
import type { Scope } from './change-log';
import { loadChangesPage } from './changes-page';
import { readableEntitiesKey } from './entity-permissions';

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
  return rememberedAnswer(db, key, async () => Buffer.from(JSON.stringify(await loadChangesPage(db, user, org, kind, since, limit))), revisionSeen);
}
