import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TREE_LIMITS } from '../../src/domain/constants';
import { readTable } from '../../server/jobs/catalogue/spreadsheet';
import { blobStoreFor } from '../../server/files/blob-stores';
import { TABLE_LIMITS } from '../../server/sandbox/limits';
import { runBeside as runJob } from './helpers/run-beside';
import { createTestApp, type TestApp } from './helpers/test-app';

const BUYER = 'UNIWESTMERE1';
const BUY = 'buyer@uni.demo.test';
const SELLER = 'SUPACMESCI01';
const SUPPLIER = 'supplier@acme.demo.test';
const OTHER = 'buyer@northgate.demo.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (url: string, bytes: Buffer) => t.as(null, { method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: bytes });
const uploadUrl = async (user: string, url: string) => ((await t.as(user, { method: 'POST', url })).json() as { uploadUrl: string }).uploadUrl;

const runBeside = (orgKey: string, owner: string, jobId: number) => runJob(t, orgKey, owner, jobId);

describe('uploads cannot stall the server', () => {
  it('a CSV is read in the sandbox: a request made meanwhile completes before the read does', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `P${i},EA,2026-01-01,1,,${i}.50`);
    const bytes = Buffer.from(`productCode,uom,startDate,lowerQuantity,upperQuantity,price\n${rows.join('\n')}\n`);
    const events: string[] = [];
    const ctx = { db: t.db, config: t.config, blobs: blobStoreFor(t.config) };
    const parsing = readTable(ctx, bytes, ['productCode']).then((records) => {
      events.push('parse');
      return records;
    });
    const read = await t.as(OTHER, { method: 'GET', url: '/api/buyer/UNINORTHGATE/category-tree' });
    events.push('read');
    expect(read.statusCode).toBe(200);
    expect(await parsing).toHaveLength(60_000);
    expect(events).toEqual(['read', 'parse']);
  });

  it(`a CSV of more than ${TABLE_LIMITS.maxRows} rows is refused`, async () => {
    const bytes = Buffer.from(`code\n${'x\n'.repeat(TABLE_LIMITS.maxRows + 1)}`);
    const ctx = { db: t.db, config: t.config, blobs: blobStoreFor(t.config) };
    await expect(readTable(ctx, bytes, ['code'])).rejects.toThrow(`The file has more than ${TABLE_LIMITS.maxRows} rows`);
  });

  it('a 20,000-deep category chain fails in linear time with a clear error, while others read and write', async () => {
    // Long descriptions make the file near the size limit, so it takes many slices to parse.
    const pad = 'd'.repeat(80);
    const lines = Array.from({ length: 20_000 }, (_, i) => `C${i},${pad},${i === 0 ? '' : `C${i - 1}`}`);
    const file = Buffer.from(`code,description,parentCode\n${lines.join('\n')}\n`);
    expect(file.length).toBeLessThan(CATEGORY_TREE_LIMITS.maxBytes);
    const upload = await put(await uploadUrl(BUY, `/api/buyer/${BUYER}/category-tree/action/upload-url`), file);
    const { events, job } = await runBeside(BUYER, BUY, (upload.json() as { jobId: number }).jobId);
    expect(events).toEqual(['read', 'write', 'job']);
    expect(job.state).toBe('failed');
    expect((job.result as { errors: string[] }).errors).toEqual([`Row ${CATEGORY_TREE_LIMITS.maxDepth + 2}: The category tree is deeper than ${CATEGORY_TREE_LIMITS.maxDepth} levels`]);
  });

  it('a deeply nested JSON tree is refused before it is parsed', async () => {
    const depth = 20_000;
    const json = `${'[{"code":"x","description":"","children":'.repeat(depth)}[]${'}]'.repeat(depth)}`;
    const upload = await put(await uploadUrl(BUY, `/api/buyer/${BUYER}/category-tree/action/upload-url`), Buffer.from(json));
    const { job } = await runBeside(BUYER, BUY, (upload.json() as { jobId: number }).jobId);
    expect(job.state).toBe('failed');
    expect((job.result as { errors: string[] }).errors).toEqual([`The category tree is deeper than ${CATEGORY_TREE_LIMITS.maxDepth} levels`]);
  });

  it('a category tree within the limits still imports, cycles are still found', async () => {
    const chain = Array.from({ length: CATEGORY_TREE_LIMITS.maxDepth }, (_, i) => `C${i},Level ${i},${i === 0 ? '' : `C${i - 1}`}`);
    const ok = await put(await uploadUrl(BUY, `/api/buyer/${BUYER}/category-tree/action/upload-url`), Buffer.from(`code,description,parentCode\n${chain.join('\n')}\n`));
    expect((await runBeside(BUYER, BUY, (ok.json() as { jobId: number }).jobId)).job.state).toBe('done');
    let node: object = { code: `J${CATEGORY_TREE_LIMITS.maxDepth}`, description: '', children: [] };
    for (let level = CATEGORY_TREE_LIMITS.maxDepth - 1; level > 0; level--) node = { code: `J${level}`, description: '', children: [node] };
    const json = await put(await uploadUrl(BUY, `/api/buyer/${BUYER}/category-tree/action/upload-url`), Buffer.from(JSON.stringify({ tree: [node] })));
    expect((await runBeside(BUYER, BUY, (json.json() as { jobId: number }).jobId)).job.state).toBe('done');
    const cycle = await put(await uploadUrl(BUY, `/api/buyer/${BUYER}/category-tree/action/upload-url`), Buffer.from('code,description,parentCode\nA,a,\nB,b,C\nC,c,B\n'));
    const failed = (await runBeside(BUYER, BUY, (cycle.json() as { jobId: number }).jobId)).job;
    expect((failed.result as { errors: string[] }).errors).toEqual(['Row 3: The parents of B form a cycle']);
  });

  it('a file over the upload size limit is refused with 413 before it is stored', async () => {
    const url = await uploadUrl(SUPPLIER, `/api/seller/${SELLER}/ppo/action/upload-url`);
    const res = await put(url, Buffer.alloc(21 * 1024 * 1024, 'a'));
    expect(res.statusCode).toBe(413);
  });
});
