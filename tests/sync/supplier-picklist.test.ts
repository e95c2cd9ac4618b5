import { afterEach, describe, expect, it } from 'vitest';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { runMirror } from '../../src/sync/mirror-registry';
import { freshDb } from './helpers/fresh-db';
import { scriptedFetch, type Answer } from './helpers/scripted-fetch';

const BUYER = 'UNIWESTMERE1';
const scope = `buyer:${BUYER}`;
let db: LocalDatabase;
afterEach(() => db?.close());

const supplier = (uniqueKey: string, name: string) => ({ uniqueKey, name });
const held = async () => (await db.accounts.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray()).map((r) => [r.key, r.name, r.type]);

/** The mirror as the sync worker runs it, against a server answering `answer`. */
function mirrorOver(answer: (url: URL) => Answer) {
  const server = scriptedFetch((request) => answer(new URL(request.url, 'http://x')));
  const ctx = { db: asSyncDb(db), fetch: server.fetch };
  return { server, page: (offset: number, nameLike?: string) => runMirror(ctx, 'suppliers', scope, offset, nameLike) };
}

describe("the buyer's supplier pick list", () => {
  it('is kept under the buyer scope, suppliers only, 100 a page, so it reads the same without the server', async () => {
    db = freshDb();
    const online = mirrorOver(() => ({ status: 200, body: [supplier('SUPACMESCI01', 'Acme Scientific'), supplier('SUPBETA00001', 'Beta Labs')] }));
    expect(await online.page(0)).toEqual({ count: 2, full: false });
    const asked = new URL(online.server.requests[0]!.url, 'http://x');
    expect(asked.pathname).toBe(`/api/buyer/${BUYER}/seller`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ offset: '0', limit: '100' });
    expect(await held()).toEqual([
      ['SUPACMESCI01', 'Acme Scientific', 1],
      ['SUPBETA00001', 'Beta Labs', 1],
    ]);

    // Offline: the mirror rejects and the rows stay for the picker to read.
    const offline = mirrorOver(() => 'network-error');
    await expect(offline.page(0)).rejects.toThrow();
    expect(await held()).toHaveLength(2);
  });

  it('asks for the next page only after a full one, with the filter sent as the server searches it', async () => {
    db = freshDb();
    const names = Array.from({ length: 130 }, (_, i) => supplier(`SUP${String(i).padStart(9, '0')}`, `Supplier ${String(i).padStart(3, '0')}`));
    const { server, page } = mirrorOver((url) => {
      const offset = Number(url.searchParams.get('offset'));
      const like = url.searchParams.get('nameLike') ?? '';
      const matching = names.filter((s) => s.name.toLowerCase().includes(like.toLowerCase()));
      return { status: 200, body: matching.slice(offset, offset + Number(url.searchParams.get('limit'))) };
    });
    expect(await page(0)).toEqual({ count: 100, full: true });
    expect(await page(100)).toEqual({ count: 30, full: false });
    expect(await held()).toHaveLength(130);
    await page(0, '  Supplier 12 ');
    expect(new URL(server.requests[2]!.url, 'http://x').searchParams.get('nameLike')).toBe('Supplier 12');
  });

  it('drops a supplier a short first page no longer lists, and keeps those its filter does not cover', async () => {
    db = freshDb();
    let listed = [supplier('SUPACMESCI01', 'Acme Scientific'), supplier('SUPBETA00001', 'Beta Labs'), supplier('SUPGONE00001', 'Gone Supplies')];
    const { page } = mirrorOver((url) => {
      const like = (url.searchParams.get('nameLike') ?? '').toLowerCase();
      return { status: 200, body: listed.filter((s) => s.name.toLowerCase().includes(like)) };
    });
    await page(0);
    expect(await held()).toHaveLength(3);

    // Support deleted one supplier and renamed another: a filtered page drops only what its filter covers.
    listed = [supplier('SUPACMESCI01', 'Acme Scientific'), supplier('SUPBETA00001', 'Beta Instruments')];
    await page(0, 'sup');
    expect(await held()).toEqual([
      ['SUPACMESCI01', 'Acme Scientific', 1],
      ['SUPBETA00001', 'Beta Labs', 1],
    ]);
    await page(0);
    expect(await held()).toEqual([
      ['SUPACMESCI01', 'Acme Scientific', 1],
      ['SUPBETA00001', 'Beta Instruments', 1],
    ]);
  });

  it('is refused in a scope that is not a buyer’s, before anything is fetched', async () => {
    db = freshDb();
    const { server } = mirrorOver(() => ({ status: 200, body: [] }));
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    await expect(runMirror(ctx, 'suppliers', 'seller:SUPACMESCI01', 0)).rejects.toThrow(/buyer/);
    expect(server.requests).toHaveLength(0);
  });
});
