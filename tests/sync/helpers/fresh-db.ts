import { LocalDatabase } from '../../../src/local/db/local-database';

let n = 0;

/** A database of its own per test (fake-indexeddb keeps them apart by name). */
export function freshDb(label = 'test'): LocalDatabase {
  n += 1;
  return new LocalDatabase(`${label}-${process.pid}-${n}-${Date.now()}`);
}
