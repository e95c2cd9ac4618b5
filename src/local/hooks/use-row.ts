import { useLiveQuery } from 'dexie-react-hooks';
import type { MirrorRow } from '../../sync/rows';
import type { MirrorTable } from '../../sync/store-schema';
import { localDatabase } from '../db/current-database';

/** One mirrored row by its scope and key; null when the store has none, undefined while it is read. */
export function useRow<R extends MirrorRow = MirrorRow>(table: MirrorTable, scope: string, key: string): R | null | undefined {
  return useLiveQuery(async () => ((await localDatabase()[table].get([scope, key])) as R | undefined) ?? null, [table, scope, key]);
}
