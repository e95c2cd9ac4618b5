import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/db/database';

/** Until `done` holds, looking again every 50 ms (no clock asserted: a slow machine only waits longer). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 50));
}

describe('SQLite WAL checkpoints', () => {
  let dataDir: string;
  let db: Db | null = null;

  afterEach(async () => {
    await db?.destroy();
    db = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are made by a thread of their own, not by the connection that commits, until the WAL is large', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-wal-'));
    db = createDatabase({ databaseUrl: null, dataDir });
    const file = join(dataDir, 'portal.sqlite');
    // The committing connection checkpoints by itself only once the WAL is 64 MiB (16,384 pages).
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]!.wal_autocheckpoint).toBe(16_384);

    await sql`create table filler (id integer primary key, text text not null)`.execute(db);
    const before = statSync(file).size;
    // About 4 MiB, written in commits of their own: WAL frames, far below what makes this connection checkpoint.
    for (let i = 0; i < 100; i++) await sql`insert into filler (text) values (${'x'.repeat(40_000)})`.execute(db);
    // The checkpointer copies them into the database file meanwhile.
    await until(() => statSync(file).size >= before + 4_000_000);

    // What a reader opening the file sees is whole.
    const reader = new SQLite(file, { readonly: true });
    expect(reader.prepare('select count(*) as n from filler').get()).toEqual({ n: 100 });
    reader.close();
  });
});
