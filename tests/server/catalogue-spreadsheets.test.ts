import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productWrapperSchema, supplierSchema } from '../../src/domain/schemas/catalogue';
import { jobSchema } from '../../src/domain/schemas/jobs';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { catalogueExportDir } from '../../server/jobs/catalogue/catalogue-export';
import { csvLine } from '../../server/jobs/catalogue/csv';
import { guardCsvText, unguardText } from '../../server/jobs/catalogue/formula-guard';
import { createTestApp, type TestApp } from './helpers/test-app';
import { firstSheet } from './helpers/sheet-rows';

let t: TestApp;
const SELLER = 'SUPACMESCI01';
const BUYER = 'UNIWESTMERE1';
const BUY = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const INJECTED = '=HYPERLINK("http://evil.test","click")';
const INJECTED_CODE = 'ACM-100003';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { products: 12, dataDir: t.config.dataDir });
  await t.db.updateTable('products').set({ description: INJECTED }).where('seller_key', '=', SELLER).where('product_code', '=', INJECTED_CODE).execute();
});
afterAll(async () => {
  await t.close();
});

const put = (url: string, bytes: Buffer) =>
  t.as(null, { method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: bytes });

async function job(orgKey: string, user: string, jobId: number) {
  await t.app.jobRunner.runPending();
  const res = await t.as(user, { method: 'GET', url: `/api/org/${orgKey}/job/${jobId}` });
  return jobSchema.parse(res.json());
}

/** A download link works only in the session that asked for it (docs/throttles.md): fetch it as that user. */
async function download(user: string, url: string): Promise<Buffer> {
  const res = await t.as(user, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function generatedTemplate(): Promise<ExcelJS.Workbook> {
  const res = await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/download` });
  const j = await job(BUYER, BUY, res.json().jobId);
  expect(j.state).toBe('done');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await download(BUY, j.downloadUrl!)) as unknown as ArrayBuffer);
  return workbook;
}

function rowOf(sheet: ExcelJS.Worksheet, code: string): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(2).value === code) found ??= row;
  });
  if (!found) throw new Error(`No row for ${code}`);
  return found;
}

function formulaCells(sheet: ExcelJS.Worksheet): string[] {
  const found: string[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => cell.type === ExcelJS.ValueType.Formula && found.push(cell.address)));
  return found;
}

const meta = (code: string) =>
  t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller/${SELLER}/product/${code}` }).then((r) => productWrapperSchema.parse(r.json()).meta);

describe('the xlsx template', () => {
  it('is a spreadsheet with a frozen header, codes as text and Included limited to Y/N', async () => {
    const sheet = (await generatedTemplate()).worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = rowOf(sheet, 'ACM-100000');
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(2).numFmt).toBe('@');
    expect(row.getCell(1).dataValidation).toMatchObject({ type: 'list', formulae: ['"Y,N"'] });
  });

  it('round trips: generate, edit cells in the workbook, upload, applied', async () => {
    const code = 'ACM-100005';
    // A product this buyer never curated: one template row, Included N.
    await t.db.deleteFrom('product_meta').where('buyer_key', '=', BUYER).where('product_code', '=', code).execute();
    expect(await meta(code)).toBeNull();
    const workbook = await generatedTemplate();
    const row = rowOf(workbook.worksheets[0]!, code);
    expect(row.getCell(1).value).toBe('N');
    row.getCell(1).value = 'Y';
    row.getCell(6).value = 'EA';
    row.getCell(7).value = 5;
    row.getCell(8).value = 4.75;
    row.getCell(9).value = new Date('2026-04-01T00:00:00Z');
    row.getCell(10).value = 'AUD';
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());

    const { uploadUrl } = (await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/upload-url` })).json() as {
      uploadUrl: string;
    };
    const j = await job(BUYER, BUY, (await put(uploadUrl, edited)).json().jobId);
    expect(j.error).toBeNull();
    expect(j.state).toBe('done');
    const after = await meta(code);
    expect(after?.excluded).toBe(false);
    expect(after?.contractPrices).toEqual([{ uom: 'EA', quantity: 5, price: 4.75, effectiveDate: '2026-04-01', currency: 'AUD' }]);
  });

  it('reports the row errors of an edited workbook and applies nothing', async () => {
    const workbook = await generatedTemplate();
    const row = rowOf(workbook.worksheets[0]!, 'ACM-100006');
    row.getCell(1).value = 'maybe';
    const { uploadUrl } = (await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/upload-url` })).json() as {
      uploadUrl: string;
    };
    const j = await job(BUYER, BUY, (await put(uploadUrl, Buffer.from(await workbook.xlsx.writeBuffer()))).json().jobId);
    expect(j.state).toBe('failed');
    expect((j.result as { errors: string[] }).errors).toEqual([`Row ${row.number}: Included must be Y or N`]);
  });
});

describe('formula injection', () => {
  it('writes text that starts like a formula as text in the xlsx template', async () => {
    const sheet = (await generatedTemplate()).worksheets[0]!;
    const cell = rowOf(sheet, INJECTED_CODE).getCell(3);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(INJECTED);
    expect(cell.numFmt).toBe('@');
    expect(formulaCells(sheet)).toEqual([]);
  });

  it('guards the catalogue export in both the xlsx download and the CSV for the purchasing system', async () => {
    await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/${INJECTED_CODE}`, payload: { excluded: false } });
    const res = await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/product/action/export` });
    const j = await job(BUYER, BUY, res.json().jobId);
    expect(j.state).toBe('done');
    const sheet = await firstSheet(await download(BUY, j.downloadUrl!));
    let injected: ExcelJS.Cell | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(3).value === INJECTED_CODE) injected = row.getCell(4);
    });
    expect(injected?.type).toBe(ExcelJS.ValueType.String);
    expect(injected?.numFmt).toBe('@');
    expect(formulaCells(sheet)).toEqual([]);

    const dir = catalogueExportDir(t.config.dataDir, BUYER);
    const csv = readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('.csv'))!), 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes(INJECTED_CODE))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(csv.split('\r\n').some((l) => /(^|,)"?[=+\-@]/.test(l))).toBe(false);
  });

  it('guards every formula start in CSV text, leaves numbers alone, and reads its own guard back', () => {
    for (const text of ['=1+1', '+A1', '-1+2', '@SUM(A1)', '\tx', '\rx']) {
      expect(guardCsvText(text)).toBe(`'${text}`);
      expect(unguardText(guardCsvText(text))).toBe(text);
    }
    expect(guardCsvText('ACM-1')).toBe('ACM-1');
    expect(guardCsvText('-5')).toBe('-5');
    expect(unguardText("'quoted")).toBe("'quoted");
    expect(csvLine(['-5', -5, '@x', '-x'])).toBe("-5,-5,'@x,'-x\r\n");
  });

  it('accepts back a CSV template that carries the guard', async () => {
    const { uploadUrl } = (await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/upload-url` })).json() as {
      uploadUrl: string;
    };
    const csv = `Included,Product Code,Description\r\nN,${INJECTED_CODE},"'=HYPERLINK(""x"")"\r\n`;
    const j = await job(BUYER, BUY, (await put(uploadUrl, Buffer.from(csv))).json().jobId);
    expect(j.state).toBe('done');
    expect((await meta(INJECTED_CODE))?.excluded).toBe(true);
  });
});

describe('price files as xlsx', () => {
  it('imports a supplier price file written in Excel', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['productCode', 'uom', 'startDate', 'lowerQuantity', 'upperQuantity', 'price']);
    sheet.addRow(['ACM-100001', 'EA', new Date('2026-02-01T00:00:00Z'), 1, null, 7.5]);
    const { uploadUrl } = (await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${SELLER}/ppo/action/upload-url` })).json() as {
      uploadUrl: string;
    };
    const j = await job(SELLER, SUPPLIER, (await put(uploadUrl, Buffer.from(await workbook.xlsx.writeBuffer()))).json().jobId);
    expect(j.state).toBe('done');
    const w = productWrapperSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product/ACM-100001` })).json());
    expect(w.prices).toEqual([{ uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 7.5, startDate: '2026-02-01', currency: 'AUD' }]);
  });
});

describe('the supplier picker', () => {
  it('lists suppliers only to a buyer, filtered by name, and not to a supplier', async () => {
    const res = await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller?limit=100` });
    expect(res.statusCode).toBe(200);
    const suppliers = supplierSchema.array().parse(res.json());
    expect(suppliers.map((s) => s.uniqueKey)).toContain(SELLER);
    const types = await t.db.selectFrom('orgs').select(['unique_key', 'type']).execute();
    const supplierKeys = new Set(types.filter((o) => o.type === 1).map((o) => o.unique_key));
    suppliers.forEach((s) => expect(supplierKeys.has(s.uniqueKey)).toBe(true));
    const acme = supplierSchema.array().parse((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller?nameLike=acme` })).json());
    expect(acme.map((s) => s.uniqueKey)).toEqual([SELLER]);
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/buyer/${BUYER}/seller` })).statusCode).toBe(403);
  });
});
