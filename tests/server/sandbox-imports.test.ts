import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { PRICE_FILE_COLUMNS } from '../../server/jobs/catalogue/price-file-import';
import { writeXlsx } from '../../server/jobs/catalogue/spreadsheet';
import { TABLE_LIMITS, XLSX_LIMITS } from '../../server/sandbox/limits';
import { runBeside as runJob } from './helpers/run-beside';
import { createTestApp, type TestApp } from './helpers/test-app';
import { part, sheetXml, xlsxParts, zeros, zip } from './helpers/xlsx-zip';

const SELLER = 'SUPACMESCI01';
const SUPPLIER = 'supplier@acme.demo.test';
const BUYER = 'UNIWESTMERE1';
const BUY = 'buyer@uni.demo.test';
const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;

let t: TestApp;
let codes: string[];
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { products: 100 });
  codes = (await t.db.selectFrom('products').select('product_code').where('seller_key', '=', SELLER).orderBy('product_code').execute()).map((p) => p.product_code);
});
afterAll(() => t.close());

async function upload(user: string, urlOfUploadUrl: string, bytes: Buffer): Promise<number> {
  const { uploadUrl } = (await t.as(user, { method: 'POST', url: urlOfUploadUrl })).json() as { uploadUrl: string };
  const res = await t.as(null, { method: 'PUT', url: uploadUrl, headers: { 'content-type': 'application/octet-stream' }, payload: bytes });
  expect(res.statusCode).toBe(200);
  return (res.json() as { jobId: number }).jobId;
}

const runBeside = (orgKey: string, owner: string, jobId: number) => runJob(t, orgKey, owner, jobId);

const importPrices = async (bytes: Buffer) => runBeside(SELLER, SUPPLIER, await upload(SUPPLIER, `/api/seller/${SELLER}/ppo/action/upload-url`, bytes));

const refusedWith = (job: { state: string; error?: string | null }, message: string) => {
  expect(job.state).toBe('failed');
  expect(job.error).toBe(message);
};

describe('hostile price files fail cleanly in the sandbox while others are served', () => {
  it('a 6 KB XLSX of 500 rows with one cell in column XFD fails at once', async () => {
    const file = zip(xlsxParts(sheetXml(Array.from({ length: 500 }, (_, i) => [[`XFD${i + 1}`, 'x']]))));
    expect(file.length).toBeLessThan(8 * 1024);
    const { job } = await importPrices(file);
    refusedWith(job, `Row 1 has more than ${TABLE_LIMITS.maxColumns} columns`);
    expect((job.result as { errors: string[] }).errors).toEqual([`Row 1 has more than ${TABLE_LIMITS.maxColumns} columns`]);
  });

  it('a valid 12,000-row XLSX price file imports, and another buyer is answered before it ends', async () => {
    const tiers = 120;
    const rows = codes.flatMap((code) =>
      Array.from({ length: tiers }, (_, i) => [code, 'EA', new Date('2026-12-01T00:00:00Z'), i * 10 + 1, i * 10 + 10, 100 - i / 10, 'AUD']),
    );
    expect(rows).toHaveLength(12_000);
    const columns = [...PRICE_FILE_COLUMNS, 'currency'].map((header) => ({ header, kind: 'text' as const }));
    const file = await writeXlsx('Prices', columns, rows);
    const { events, job } = await importPrices(file);
    expect(job.state).toBe('done');
    expect(job.result).toEqual({ rows: 12_000, products: 100, errors: [] });
    expect(events).toEqual(['read', 'write', 'job']);
    const stored = await t.db.selectFrom('seller_prices').select((eb) => eb.fn.countAll<number>().as('n')).where('seller_key', '=', SELLER).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(12_000);
  });

  it('a 2 MB zip bomb with two 1 GiB xl/media parts is refused from its directory, nothing inflated', async () => {
    const sheet = sheetXml([PRICE_FILE_COLUMNS.map((h, i) => [`${String.fromCharCode(65 + i)}1`, h])]);
    const file = zip(xlsxParts(sheet, [zeros('xl/media/image1.png', GiB), zeros('xl/media/image2.png', GiB)]));
    expect(file.length).toBeLessThan(3 * MiB);
    const { job } = await importPrices(file);
    refusedWith(job, `The file was refused: its part xl/media/image1.png unpacks to more than ${XLSX_LIMITS.maxEntryBytes / MiB} MiB`);
  });

  it('a part compressed like a zip bomb is refused, and a part that unpacks past what it declares fails', async () => {
    const sheet = sheetXml([PRICE_FILE_COLUMNS.map((h, i) => [`${String.fromCharCode(65 + i)}1`, h])]);
    const bomb = await importPrices(zip(xlsxParts(sheet, [zeros('xl/media/image1.png', 64 * MiB)])));
    refusedWith(bomb.job, `The file was refused: its part xl/media/image1.png is compressed more than ${XLSX_LIMITS.maxRatio} to 1, as only a zip bomb is`);
    const lying = { ...zeros('xl/worksheets/sheet1.xml', 16 * MiB), size: 1000 };
    const liar = await importPrices(zip(xlsxParts(lying)));
    expect(liar.job.state).toBe('failed');
    expect(liar.job.error).toMatch(/^The file is not a valid spreadsheet: /);
  });

  it('parts a sheet does not need are never read: a workbook with an image imports', async () => {
    const header: Array<[string, string]> = PRICE_FILE_COLUMNS.map((h, i) => [`${String.fromCharCode(65 + i)}1`, h]);
    const row: Array<[string, string]> = [codes[0]!, 'EA', '2026-12-01', '1', '', '9.5'].map((v, i) => [`${String.fromCharCode(65 + i)}2`, v]);
    const file = zip(xlsxParts(sheetXml([header, row]), [part('xl/media/image1.png', Buffer.alloc(2048, 7))]));
    const { job } = await importPrices(file);
    expect(job.state).toBe('done');
    expect(job.result).toEqual({ rows: 1, products: 1, errors: [] });
  });

  it('20 MiB of commas as a CSV fails at once on its columns, a line past its bytes on its length', async () => {
    const commas = await importPrices(Buffer.alloc(MAX_UPLOAD_BYTES - 1024, ','));
    refusedWith(commas.job, `Row 1 has more than ${TABLE_LIMITS.maxColumns} columns`);
    const long = await importPrices(Buffer.from(`${PRICE_FILE_COLUMNS.join(',')}\n${'a'.repeat(TABLE_LIMITS.maxLineBytes + 1)}\n`));
    refusedWith(long.job, `Row 2 is longer than ${TABLE_LIMITS.maxLineBytes / 1024} KiB`);
  });

  it('a template and a pricelist file go through the same sandbox', async () => {
    const xfd = zip(xlsxParts(sheetXml([[['A1', 'Included'], ['B1', 'Product Code'], ['XFD1', 'x']]])));
    const template = await runBeside(BUYER, BUY, await upload(BUY, `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/upload-url`, xfd));
    refusedWith(template.job, `Row 1 has more than ${TABLE_LIMITS.maxColumns} columns`);
    const created = await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${SELLER}/pricelist`, payload: { name: 'Sandboxed' } });
    expect(created.statusCode).toBeLessThan(300);
    const pricelistId = (created.json() as { pricelistId: number }).pricelistId;
    const bomb = zip(xlsxParts(sheetXml([[['A1', 'productCode']]]), [zeros('xl/media/image1.png', GiB)]));
    const prices = await runBeside(SELLER, SUPPLIER, await upload(SUPPLIER, `/api/seller/${SELLER}/pricelist/${pricelistId}/price/action/upload-url`, bomb));
    refusedWith(prices.job, `The file was refused: its part xl/media/image1.png unpacks to more than ${XLSX_LIMITS.maxEntryBytes / MiB} MiB`);
  });
});

describe('the CSV reader counts what the parser would make', () => {
  it('counts a quoted line break and quoted commas into the row they belong to, and every empty field into the cells', async () => {
    const quoted = `${PRICE_FILE_COLUMNS.join(',')}\n"${'x,'.repeat(300)}\n${'y'.repeat(10)}",EA\n`;
    const asOne = await importPrices(Buffer.from(quoted));
    expect(asOne.job.state).toBe('failed');
    expect((asOne.job.result as { errors: string[] }).errors[0]).toMatch(/^Row 2: /);
    const wide = `${PRICE_FILE_COLUMNS.join(',')}\n${`x${','.repeat(99)}\n`.repeat(TABLE_LIMITS.maxCells / 100)}`;
    const cells = await importPrices(Buffer.from(wide));
    refusedWith(cells.job, `The file has more than ${TABLE_LIMITS.maxCells} cells`);
  });
});
