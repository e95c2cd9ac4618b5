import type { SessionUser } from './auth/session';
import type { Tx } from './sync/change-log';
import { preparedQuery } from './db/prepared-query';

export interface HistoryInput {
  orgKey: string;
  entity: string;
  entityKey: string;
  /** The kind of entry, e.g. SUBMITTED or EXPORT_FAILED: what `history?type=` filters on. */
  type: string;
  action: string;
  description: string;
}

/** Every change an organisation can see writes one entry: the audit trail of the history drawers. */
// Compiled once (prepared-query.ts): every change an organisation can see writes one.
const insertHistory = preparedQuery(
  (db, v: { orgKey: string; entity: string; entityKey: string; type: string; date: string; action: string; description: string; user: string }) =>
    db.insertInto('history').values({
      org_key: v.orgKey,
      entity: v.entity,
      entity_key: v.entityKey,
      type: v.type,
      date: v.date,
      action: v.action,
      description: v.description,
      user: v.user,
    }),
);

export async function writeHistory(trx: Tx, user: Pick<SessionUser, 'displayName'> | string, entry: HistoryInput): Promise<void> {
  await insertHistory(trx, {
    orgKey: entry.orgKey,
    entity: entry.entity,
    entityKey: entry.entityKey,
    type: entry.type,
    date: new Date().toISOString(),
    action: entry.action,
    description: entry.description,
    user: typeof user === 'string' ? user : user.displayName,
  });
}

export async function readHistory(db: Tx, entity: string, entityKey: string, type?: string) {
  let q = db
    .selectFrom('history')
    .select(['date', 'action', 'description', 'user', 'type'])
    .where('entity', '=', entity)
    .where('entity_key', '=', entityKey);
  if (type) q = q.where('type', '=', type);
  return q.orderBy('id', 'desc').execute();
}
