import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchema } from '../../src/domain/schemas/jobs';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { deliverDocument } from '../../server/edi/deliver';
import { deliverS3, UNREACHABLE_S3 } from '../../server/edi/s3-channel';
import { blobStoreFor } from '../../server/files/blob-stores';
import { s3Client } from '../../server/files/s3-client';
import { hashToken } from '../../server/auth/session';
import { signedDownloadUrl } from '../../server/files/signed-url';
import { S3RVER_KEYS, startS3, type TestS3 } from './helpers/s3-server';
import { createTestApp, type TestApp } from './helpers/test-app';

const SELLER = 'SUPACMESCI01';
const BUYER = 'UNIWESTMERE1';
const SUPPLIER = 'supplier@acme.demo.test';
const SUPPORT = 'support@demo.test';

let s3: TestS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3(['portal-files', 'edi-drop']);
  // The EDI settings below name the loopback s3rver as their service: allowed here as an operator would.
  t = await createTestApp({ s3: s3.config('portal-files'), ediAllowNetworks: ['127.0.0.1', '::1'] });
  await seedCatalogue(t.db, { products: 5 });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Reads the bucket with a client of its own, not through the code under test. */
async function objectText(bucket: string, key: string): Promise<{ text: string; contentType: string | undefined }> {
  const client = s3Client({ endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS });
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return { text: await object.Body!.transformToString(), contentType: object.ContentType };
}

async function keysIn(bucket: string, prefix = ''): Promise<string[]> {
  const client = s3Client({ endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS });
  const list = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (list.Contents ?? []).map((o) => o.Key!);
}

describe('files in an S3 bucket', () => {
  it('an upload through a signed URL lands in the bucket, its job reads it from there, and it downloads back', async () => {
    const { uploadUrl } = (await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${SELLER}/ppo/action/upload-url` })).json() as { uploadUrl: string };
    const csv = 'productCode,uom,startDate,lowerQuantity,upperQuantity,price\nACM-100000,EA,2026-01-01,1,,7.25\n';
    const put = await t.as(null, { method: 'PUT', url: uploadUrl, headers: { 'content-type': 'application/octet-stream', 'x-file-type': 'text/csv' }, payload: Buffer.from(csv) });
    expect(put.statusCode).toBe(200);

    const [key, ...others] = await keysIn('portal-files', `uploads/${SELLER}/`);
    expect(others).toEqual([]);
    expect(key).toMatch(/price-file\.csv$/);
    expect((await objectText('portal-files', key!)).text).toBe(csv);
    expect(existsSync(join(t.config.dataDir, 'blobs'))).toBe(false);

    await t.app.jobRunner.runPending();
    const job = jobSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/org/${SELLER}/job/${put.json().jobId}` })).json());
    expect(job.state).toBe('done');
    const price = await t.db.selectFrom('seller_prices').select('price').where('seller_key', '=', SELLER).where('product_code', '=', 'ACM-100000').executeTakeFirstOrThrow();
    expect(price.price).toBe(7.25);

    const sessionId = hashToken((await t.cookieFor(SUPPLIER)).split('=')[1]!);
    const download = await t.as(SUPPLIER, { method: 'GET', url: signedDownloadUrl(t.config, { key: key!, fileName: 'prices.csv', expiresInSec: 60, sessionId }) });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(csv);
    expect(download.headers['content-disposition']).toContain('filename="prices.csv"');
  });

  it('a generated file is written to the bucket and its download link reads it back', async () => {
    const res = await t.as('buyer@uni.demo.test', { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/download` });
    expect(res.statusCode).toBe(202);
    await t.app.jobRunner.runPending();
    const job = jobSchema.parse((await t.as('buyer@uni.demo.test', { method: 'GET', url: `/api/org/${BUYER}/job/${res.json().jobId}` })).json());
    expect(job.state).toBe('done');
    const file = await t.as('buyer@uni.demo.test', { method: 'GET', url: job.downloadUrl! });
    expect(file.statusCode).toBe(200);
    // The template is a workbook: read back from the bucket, its header row is intact.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).getCell(2).value).toBe('Product Code');
    expect((await keysIn('portal-files')).length).toBeGreaterThanOrEqual(2);
  });

  it('the store answers null for a missing key and forgets a deleted one', async () => {
    const blobs = blobStoreFor(t.config);
    expect(await blobs.get('tests/none.txt')).toBeNull();
    await blobs.put('tests/a.txt', Buffer.from('hello'), 'text/plain');
    expect(await blobs.get('tests/a.txt')).toEqual({ bytes: Buffer.from('hello'), contentType: 'text/plain' });
    await blobs.delete('tests/a.txt');
    expect(await blobs.get('tests/a.txt')).toBeNull();
    await expect(blobs.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
  });
});

describe('the S3 EDI channel', () => {
  async function setEdi(orgKey: string, payload: Record<string, unknown>) {
    const res = await t.as(SUPPORT, { method: 'POST', url: `/api/org/${orgKey}/edi-export`, payload });
    expect(res.statusCode).toBe(201);
  }
  const doc = (orgKey: string, docType: 'inv' | 'po' | 'asn', fileName: string) => ({ orgKey, docType, fileName, contentType: 'application/xml', content: `<doc>${fileName}</doc>` });

  it("puts the document into the setting's bucket under its prefix, with the setting's keys", async () => {
    await setEdi(BUYER, { docType: 'inv', type: 'S3', ftpServer: s3.endpoint, ftpDir: 'edi-drop/westmere/in/', user: 'S3RVER', password: 'S3RVER' });
    const result = await deliverDocument(t.db, t.config, doc(BUYER, 'inv', '../INV-7.xml'));
    // The outcome names the channel only: the bucket is the receiver's and stays out of history.
    expect(result).toEqual({ channel: 'S3', file: null });
    expect(await objectText('edi-drop', 'westmere/in/INV-7.xml')).toEqual({ text: '<doc>../INV-7.xml</doc>', contentType: 'application/xml' });
  });

  it("without keys of its own, a setting never borrows the installation's keys for a place it names: only the prefix the operator assigns it", async () => {
    // The whole attack of the probe: the installation's keys aimed at a foreign bucket, another tenant's prefix, the public assets.
    for (const ftpDir of ['s3://edi-drop', 'portal-files/edi-exports/UNIWESTMERE1/po', 'portal-files/assets/images', 'portal-files']) {
      await setEdi(SELLER, { docType: 'po', type: 'S3', ftpDir });
      await expect(deliverDocument(t.db, t.config, doc(SELLER, 'po', 'PO-1.xml')), ftpDir).rejects.toThrow(/names its own bucket or service but no access key and secret of its own/);
      await t.db.updateTable('edi_export_settings').set({ deleted: 1 }).where('doc_type', '=', 'po').where('deleted', '=', 0).execute();
    }
    await setEdi(SELLER, { docType: 'asn', type: 'S3', ftpServer: s3.endpoint });
    await expect(deliverDocument(t.db, t.config, doc(SELLER, 'asn', 'ASN-1.xml'))).rejects.toThrow(/no access key and secret of its own/);
    expect(await keysIn('edi-drop', '')).not.toContain('PO-1.xml');
    expect((await keysIn('portal-files', 'assets/')).filter((k) => k.endsWith('.xml'))).toEqual([]);

    // An S3 setting with nothing of its own: the organisation's own prefix in the installation's bucket.
    await setEdi('UNINORTHGATE', { docType: 'inv', type: 'S3' });
    expect(await deliverDocument(t.db, t.config, doc('UNINORTHGATE', 'inv', 'INV-1.xml'))).toEqual({ channel: 'S3', file: null });
    expect(await keysIn('portal-files', 'edi-exports/')).toEqual(['edi-exports/UNINORTHGATE/inv/INV-1.xml']);
  });

  it('with keys of its own, a setting that names no bucket is refused without naming one', async () => {
    await setEdi(BUYER, { docType: 'po', type: 'S3', user: 'S3RVER', password: 'S3RVER' });
    await expect(deliverDocument(t.db, t.config, doc(BUYER, 'po', 'PO-2.xml'))).rejects.toThrow(/names no bucket/);
    await setEdi(BUYER, { docType: 'asn', type: 'S3', ftpServer: s3.endpoint, ftpDir: 'no-such-bucket/x', user: 'S3RVER', password: 'S3RVER' });
    await expect(deliverDocument(t.db, t.config, doc(BUYER, 'asn', 'ASN-2.xml'))).rejects.toThrow(/^The S3 bucket did not take the document$/);
  });

  it('refuses a service an organisation names on a private address, unless the operator allows that network', async () => {
    const setting = { docType: 'inv' as const, orderFormat: 0, type: 'S3' as const, ftpServer: s3.endpoint, ftpDir: 'edi-drop/ssrf', user: 'S3RVER', password: 'S3RVER', endpoint: null };
    const input = doc(BUYER, 'inv', 'INV-9.xml');
    await expect(deliverS3(input, setting, { s3: null, ediAllowNetworks: [] })).rejects.toThrow(new RegExp(`^${UNREACHABLE_S3}$`));
    // By name too: the address the name resolves to is checked, and it is the one connected to.
    await expect(deliverS3(input, { ...setting, ftpServer: s3.endpoint.replace('127.0.0.1', 'localhost') }, { s3: null, ediAllowNetworks: [] })).rejects.toThrow(UNREACHABLE_S3);
    await expect(deliverS3(input, { ...setting, ftpServer: 'file:///etc/passwd' }, { s3: null, ediAllowNetworks: ['127.0.0.1'] })).rejects.toThrow(UNREACHABLE_S3);
    expect(await keysIn('edi-drop', 'ssrf/')).toEqual([]);
    expect(await deliverS3(input, setting, { s3: null, ediAllowNetworks: ['127.0.0.1', '::1'] })).toEqual({ channel: 'S3', file: null });
    expect(await keysIn('edi-drop', 'ssrf/')).toEqual(['ssrf/INV-9.xml']);
  });
});
