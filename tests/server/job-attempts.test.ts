import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreFor } from '../../server/files/blob-stores';
import { importPriceFile } from '../../server/jobs/catalogue/price-file-import';
import { JOB_KINDS } from '../../server/jobs/kinds';
import { jobInterruptedTooOften, jobTimeLimitPassed } from '../../server/jobs/job-limits';
import { enqueueJob, findJob, requeueStale, type JobRow } from '../../server/jobs/queue';
import { JOB_MAX_ATTEMPTS } from '../../server/sandbox/limits';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

const SELLER = 'SUPACMESCI01';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { products: 5 });
});
afterAll(() => t.close());

async function priceFileJob(csv: string): Promise<number> {
  const blobKey = `uploads/${SELLER}/${Math.random().toString(36).slice(2)}.csv`;
  await blobStoreFor(t.config).put(blobKey, Buffer.from(csv), 'text/csv');
  return t.db.transaction().execute((trx) => enqueueJob(trx, { orgKey: SELLER, kind: JOB_KINDS.priceFileImport, payload: { blobKey, user: 'Test' } }));
}

const validCsv = async () => {
  const code = (await t.db.selectFrom('products').select('product_code').where('seller_key', '=', SELLER).executeTakeFirstOrThrow()).product_code;
  return `productCode,uom,startDate,lowerQuantity,upperQuantity,price\n${code},EA,2026-12-01,1,,4.5\n`;
};

describe('jobs that a stop or crash cut short', () => {
  it('a job left running by a dead process is queued again, and run', async () => {
    const id = await priceFileJob(await validCsv());
    await t.db.updateTable('jobs').set({ state: 'running', attempts: 1, updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    await requeueStale(t.db, 60_000);
    await t.app.jobRunner.runPending();
    const job = await findJob(t.db, SELLER, id);
    expect(job?.state).toBe('done');
    expect(job?.attempts).toBe(2);
  });

  it(`a job started ${JOB_MAX_ATTEMPTS} times already is failed, not started again`, async () => {
    const id = await priceFileJob(await validCsv());
    await t.db.updateTable('jobs').set({ state: 'running', attempts: JOB_MAX_ATTEMPTS, updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    await requeueStale(t.db, 60_000);
    await t.app.jobRunner.runPending();
    const job = await findJob(t.db, SELLER, id);
    expect(job?.state).toBe('failed');
    expect(job?.error).toBe(jobInterruptedTooOften);
    await requeueStale(t.db, 0);
    expect((await findJob(t.db, SELLER, id))?.state).toBe('failed');
  });

  it('a job past its time limit fails at its next batch, before it writes', async () => {
    const id = await priceFileJob(await validCsv());
    const job = (await findJob(t.db, SELLER, id)) as JobRow;
    const ctx = { db: t.db, config: t.config, blobs: blobStoreFor(t.config), deadline: Date.now() - 1 };
    await expect(importPriceFile(ctx, job)).rejects.toThrow(jobTimeLimitPassed);
  });

  it('a job whose time limit passes between two batches keeps what it wrote and says so in history', async () => {
    const products = (await t.db.selectFrom('products').select('product_code').where('seller_key', '=', SELLER).orderBy('product_code').execute()).map((p) => p.product_code);
    const rows = products.flatMap((code) => Array.from({ length: 200 }, (_, i) => `${code},EA,2026-12-01,${i * 10 + 1},${i * 10 + 10},7.25`));
    const id = await priceFileJob(`productCode,uom,startDate,lowerQuantity,upperQuantity,price\n${rows.join('\n')}\n`);
    const job = (await findJob(t.db, SELLER, id)) as JobRow;
    let checks = 0;
    // The limit passes while the first batch is written: every later checkpoint finds it passed.
    const ctx = {
      db: t.db,
      config: t.config,
      blobs: blobStoreFor(t.config),
      get deadline() {
        return checks++ === 0 ? Number.POSITIVE_INFINITY : 0;
      },
    };
    await expect(importPriceFile(ctx, job)).rejects.toThrow(jobTimeLimitPassed);
    const replaced = await t.db.selectFrom('seller_prices').select('product_code').distinct().where('seller_key', '=', SELLER).where('price', '=', 7.25).execute();
    expect(replaced.length).toBeGreaterThan(0);
    expect(replaced.length).toBeLessThan(products.length);
    const history = await t.db.selectFrom('history').select(['type', 'description']).where('entity', '=', 'priceFile').where('entity_key', '=', String(id)).execute();
    expect(history).toEqual([
      {
        type: 'PRICE_FILE_PARTLY_IMPORTED',
        description: `Prices of ${replaced.length} of ${products.length} products were replaced before the import stopped: ${jobTimeLimitPassed}`,
      },
    ]);
  });

  it('a job the server stops while the sandbox reads its file ends at once and waits in the queue for the next start', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `P${i},EA,2026-12-01,1,,${i}.5`).join('\n');
    const id = await priceFileJob(`productCode,uom,startDate,lowerQuantity,upperQuantity,price\n${rows}\n`);
    const draining = t.app.jobRunner.runPending();
    while ((await findJob(t.db, SELLER, id))?.state !== 'running') await new Promise((r) => setImmediate(r));
    await t.app.jobRunner.stop();
    await draining;
    const job = await findJob(t.db, SELLER, id);
    expect(job?.state).toBe('queued');
    expect(job?.attempts).toBe(1);
    expect(job?.error).toBeNull();
  });
});
