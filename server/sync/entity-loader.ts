import type { Db } from '../db/database';
import type { Scope } from './change-log';

/**
 * How the changes feed loads the rows of one mirrored entity (server/sync/entities.ts
 * holds them all; areas declare theirs beside their rows).
 *
 * A loader receives the distinct keys of one page of changes and the scope asking
 * (seller, buyer or org, with its org key). It returns key -> row, shaped exactly as
 * that entity's GET answer for that scope, and must leave out keys that are deleted
 * (tombstoned) or that the scope may not see: the feed then answers them as deletes.
 * Entities without a loader go out as bare {entity, key, op} so a client can refetch.
 */
export type EntityLoader = (db: Db, keys: string[], scope: Scope) => Promise<Map<string, unknown>>;
