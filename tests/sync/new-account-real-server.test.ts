import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLocalDatabase, openLocalDatabase } from '../../src/local/db/current-database';
import { asSyncDb } from '../../src/local/db/local-database';
import { addAccount } from '../../src/local/mutations/accounts';
import { addEdiExport, addProperty } from '../../src/local/mutations/org-collections';
import { saveUomMapping } from '../../src/local/mutations/save-uom-mapping';
import { STANDARD_UOMS } from '../../src/domain/uom';
import { drainOutbox, type DrainContext } from '../../src/sync/drain';
import { mirrorStandardUnits, STANDARD_UNITS_META_KEY } from '../../src/sync/mirror-standard-units';
import { transportFetch } from '../../src/sync/transport';
import { startRealServer, type RealServer } from './helpers/real-server';

const SUPPORT_ORG = 'SUPPORT00001';
let server: RealServer;
let real: typeof fetch;

beforeAll(async () => {
  server = await startRealServer();
  real = transportFetch({ origin: server.origin, headers: { cookie: await server.test.cookieFor('support@demo.test') } });
});
afterAll(async () => {
  closeLocalDatabase();
  await server?.close();
});

describe('a new account and its settings, queued before the server has seen it, against the real server', () => {
  it("are sent in order under the browser's key, and all applied", async () => {
    const db = asSyncDb(openLocalDatabase(`new-account-${Date.now()}@demo.test`));
    const create = await addAccount(SUPPORT_ORG, { name: 'Queued Supplies', type: 1, countryNo: 1 });
    const key = create.touches[0]!.key;
    await addProperty(key, 'SUPPLIER_CODE', 'Q1');
    await addEdiExport(key, { docType: 'po', type: 'LOCAL', orderFormat: '0' });
    await saveUomMapping(key, { EA: 'EACH-Q' });

    const ctx: DrainContext = { db, fetch: real, now: Date.now, signal: new AbortController().signal, backoff: { baseMs: 10, maxMs: 10, random: () => 0 } };
    expect(await drainOutbox(ctx)).toEqual({ state: 'empty' });

    const org = await server.test.db.selectFrom('orgs').selectAll().where('unique_key', '=', key).executeTakeFirstOrThrow();
    expect(org.name).toBe('Queued Supplies');
    const props = await server.test.db.selectFrom('properties').select(['property', 'value']).where('org_no', '=', org.org_no).execute();
    expect(props).toEqual([{ property: 'SUPPLIER_CODE', value: 'Q1' }]);
    const edi = await server.test.db.selectFrom('edi_export_settings').select(['doc_type', 'type']).where('org_no', '=', org.org_no).execute();
    expect(edi).toEqual([{ doc_type: 'po', type: 'LOCAL' }]);
    const uom = await server.test.db.selectFrom('uom_mappings').select(['standard_unit', 'code']).where('org_no', '=', org.org_no).execute();
    expect(uom).toEqual([{ standard_unit: 'EA', code: 'EACH-Q' }]);

    // The account's row stays under its key, now the server's row.
    expect(await db.accounts.get([`org:${SUPPORT_ORG}`, key])).toMatchObject({ name: 'Queued Supplies', uniqueKey: key });
    expect((await db.accounts.get([`org:${SUPPORT_ORG}`, key]))?.pending).toBeUndefined();
    expect((await db.properties.toArray()).map((p) => [p.property, p.pending])).toEqual([['SUPPLIER_CODE', undefined]]);
  });
});

describe('the standard units (GET /uom)', () => {
  it("are held from the server's answer, and kept when a later fetch fails", async () => {
    const db = asSyncDb(openLocalDatabase(`units-${Date.now()}@demo.test`));
    await mirrorStandardUnits({ db, fetch: real });
    expect((await db.meta.get(STANDARD_UNITS_META_KEY))?.value).toEqual(STANDARD_UOMS);

    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(mirrorStandardUnits({ db, fetch: offline })).rejects.toThrow();
    expect((await db.meta.get(STANDARD_UNITS_META_KEY))?.value).toEqual(STANDARD_UOMS);
  });
});
