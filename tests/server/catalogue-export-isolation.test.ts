import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import type { BlobStore } from '../../server/files/blob-store';
import { exportCatalogue } from '../../server/jobs/catalogue/catalogue-export';
import { JOB_KINDS } from '../../server/jobs/kinds';
import type { JobRow } from '../../server/jobs/queue';
import { createTestApp, type TestApp } from './helpers/test-app';

const SELLER = 'SUPACMESCI01';
const BUYER = 'UNIWESTMERE1';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { products: 30, dataDir: t.config.dataDir });
});
afterAll(async () => {
  await t.close();
});

/** A blob store (S3, say) whose upload hangs until the test lets it finish. */
function heldBlobStore() {
  let started!: () => void;
  let release!: () => void;
  const uploading = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const store: BlobStore = {
    put: async () => {
      started();
      await released;
    },
    get: async () => null,
    delete: async () => undefined,
  };
  return { store, uploading, release };
}

describe('a catalogue export whose file upload is slow', () => {
  it('holds no transaction while it uploads: another user writes meanwhile, and the export stamps its products after', async () => {
    const held = heldBlobStore();
    const now = new Date().toISOString();
    const job: JobRow = {
      id: 1,
      orgKey: BUYER,
      kind: JOB_KINDS.catalogueExport,
      state: 'running',
      payload: { sellerId: SELLER, user: 'Test' },
      result: null,
      error: null,
      createdAt: now,
      updatedAt: now,
      attempts: 1,
    };
    const events: string[] = [];
    const exported = exportCatalogue({ db: t.db, config: t.config, blobs: held.store }, job).then(() => events.push('export'));
    await held.uploading;

    // On SQLite one connection serves every request: a transaction left open here would hold this write until the upload ends.
    const write = await t.as('support@demo.test', {
      method: 'POST',
      url: '/api/org/UNINORTHGATE/property',
      payload: { property: 'ISOLATION_CHECK', value: 'written during the upload' },
    });
    events.push('write');
    expect(write.statusCode).toBeLessThan(300);

    held.release();
    await exported;
    expect(events).toEqual(['write', 'export']);
    const stamped = await t.db
      .selectFrom('product_meta')
      .select('last_exported_ms')
      .where('buyer_key', '=', BUYER)
      .where('seller_key', '=', SELLER)
      .where('excluded', '=', 0)
      .where('deleted', '=', 0)
      .execute();
    expect(stamped.length).toBeGreaterThan(0);
    stamped.forEach((m) => expect(m.last_exported_ms).not.toBeNull());
  });
});
