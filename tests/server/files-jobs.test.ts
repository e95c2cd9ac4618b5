import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchema } from '../../src/domain/schemas/jobs';
import { blobStoreFor } from '../../server/files/blob-stores';
import { hashToken } from '../../server/auth/session';
import { sessionTag, signedDownloadUrl, signedUploadUrl, signToken, verifyToken } from '../../server/files/signed-url';
import { enqueueJob } from '../../server/jobs/queue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const BUYER = 'UNIWESTMERE1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('blob store', () => {
  it('stores, reads and deletes bytes with their content type', async () => {
    const blobs = blobStoreFor(t.config);
    await blobs.put('tests/a/b.txt', Buffer.from('hello'), 'text/plain');
    expect(await blobs.get('tests/a/b.txt')).toEqual({ bytes: Buffer.from('hello'), contentType: 'text/plain' });
    await blobs.delete('tests/a/b.txt');
    expect(await blobs.get('tests/a/b.txt')).toBeNull();
  });

  it('refuses keys that would leave its folder', async () => {
    const blobs = blobStoreFor(t.config);
    await expect(blobs.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(blobs.get('a/../../b')).rejects.toThrow();
    await expect(blobs.get('/etc/passwd')).rejects.toThrow();
  });
});

describe('signed download URLs', () => {
  const USER = 'buyer@uni.demo.test';
  /** The id of the user's test session (the stored hash of its cookie's token). */
  const sessionOf = async (username: string) => hashToken((await t.cookieFor(username)).split('=')[1]!);
  const link = async (key: string, fileName: string, username = USER) =>
    signedDownloadUrl(t.config, { key, fileName, expiresInSec: 60, sessionId: await sessionOf(username) });

  it('streams the file with content type and disposition, to the session it was made for', async () => {
    await blobStoreFor(t.config).put('tests/report.csv', Buffer.from('a,b\r\n1,2\r\n'), 'text/csv');
    const url = await link('tests/report.csv', 'report.csv');
    expect(url).toMatch(/^\/files\/download\//);
    const res = await t.as(USER, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv');
    expect(res.headers['content-disposition']).toContain('filename="report.csv"');
    expect(res.body).toBe('a,b\r\n1,2\r\n');
  });

  it('is refused without a session, in another user’s session, and once its session has ended', async () => {
    await blobStoreFor(t.config).put('tests/report.csv', Buffer.from('a,b\r\n'), 'text/csv');
    // A user of its own: the test ends its session.
    const owner = 'p.raman@uni.demo.test';
    const url = await link('tests/report.csv', 'report.csv', owner);
    expect((await t.as(owner, { method: 'GET', url })).statusCode).toBe(200);
    expect((await t.as(null, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as(USER, { method: 'GET', url })).statusCode).toBe(403);
    const cookie = await t.cookieFor(owner);
    expect((await t.app.inject({ method: 'GET', url: '/servlet?M=2', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);
  });

  it('refuses a tampered token with 403', async () => {
    const url = await link('tests/report.csv', 'report.csv');
    const token = url.split('/').pop()!;
    const [body, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, key: 'tests/other.csv' })).toString('base64url');
    for (const bad of [`${forged}.${mac}`, `${body}.${mac!.slice(0, -2)}xx`, 'garbage', `${body}`]) {
      const res = await t.as('support@demo.test', { method: 'GET', url: `/files/download/${bad}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toHaveLength(1);
    }
  });

  it('refuses an expired token with 403', async () => {
    const session = sessionTag(t.config, await sessionOf('support@demo.test'));
    const token = signToken(t.config, { use: 'download', key: 'tests/report.csv', fileName: 'r.csv', session, exp: Math.floor(Date.now() / 1000) - 5 });
    const res = await t.as('support@demo.test', { method: 'GET', url: `/files/download/${token}` });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a token signed with another secret, and an upload token used for download', async () => {
    const session = sessionTag({ secret: 'another' }, await sessionOf('support@demo.test'));
    const other = signToken({ secret: 'another' }, { use: 'download', key: 'tests/report.csv', fileName: 'r.csv', session, exp: 9_999_999_999 });
    expect((await t.as('support@demo.test', { method: 'GET', url: `/files/download/${other}` })).statusCode).toBe(403);
    const upload = signedUploadUrl(t.config, { key: 'tests/x.csv', purpose: 'price-file-import', orgKey: 'SUPACMESCI01', expiresInSec: 60 });
    expect((await t.as(null, { method: 'GET', url: upload.replace('/upload/', '/download/') })).statusCode).toBe(403);
    expect(() => verifyToken(t.config, upload.split('/').pop()!, 'download')).toThrow();
  });

  it('answers 404 when the file is gone', async () => {
    const url = signedDownloadUrl(t.config, { key: 'tests/missing.csv', fileName: 'm.csv', expiresInSec: 60, sessionId: await sessionOf('support@demo.test') });
    expect((await t.as('support@demo.test', { method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('signed upload URLs', () => {
  it('refuses tampered and expired upload tokens and stores nothing', async () => {
    const url = signedUploadUrl(t.config, { key: 'tests/up.csv', purpose: 'price-file-import', orgKey: 'SUPACMESCI01', expiresInSec: 60 });
    const res = await t.as(null, {
      method: 'PUT',
      url: `${url}x`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('productCode\n'),
    });
    expect(res.statusCode).toBe(403);
    const expired = signToken(t.config, {
      use: 'upload',
      key: 'tests/up.csv',
      purpose: 'price-file-import',
      orgKey: 'SUPACMESCI01',
      params: {},
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const res2 = await t.as(null, {
      method: 'PUT',
      url: `/files/upload/${expired}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('productCode\n'),
    });
    expect(res2.statusCode).toBe(403);
    expect(await blobStoreFor(t.config).get('tests/up.csv')).toBeNull();
  });

  it('refuses a purpose no job applies', async () => {
    const url = signedUploadUrl(t.config, { key: 'tests/up2.csv', purpose: 'no-such-job', orgKey: 'SUPACMESCI01', expiresInSec: 60 });
    const res = await t.as(null, { method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    expect(res.statusCode).toBe(403);
  });

  it('refuses an empty body', async () => {
    const url = signedUploadUrl(t.config, { key: 'tests/up3.csv', purpose: 'price-file-import', orgKey: 'SUPACMESCI01', expiresInSec: 60 });
    const res = await t.as(null, { method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(0) });
    expect(res.statusCode).toBe(400);
  });
});

describe('public assets', () => {
  it('serves blobs under assets/ only', async () => {
    await blobStoreFor(t.config).put('assets/images/test.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    const res = await t.as(null, { method: 'GET', url: '/files/asset/images/test.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect((await t.as(null, { method: 'GET', url: '/files/asset/../tests/report.csv' })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'GET', url: '/files/asset/images/none.svg' })).statusCode).toBe(404);
  });

  it("lets the portal's product drawer frame an asset page, and runs it sandboxed even when opened on its own", async () => {
    await blobStoreFor(t.config).put('assets/datasheets/test.html', Buffer.from('<h1>Data sheet</h1><script>parent.alert(1)</script>'), 'text/html; charset=utf-8');
    const res = await t.as(null, { method: 'GET', url: '/files/asset/datasheets/test.html' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp.split(';').map((d) => d.trim())).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Every other answer still refuses to be framed.
    const app = await t.as(null, { method: 'GET', url: '/api/policy' });
    expect(String(app.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('job queue and job API', () => {
  it('runs a queued job and shows its failure to the organisation', async () => {
    const jobId = await t.db.transaction().execute((trx) => enqueueJob(trx, { orgKey: BUYER, kind: 'unknown-kind', payload: {} }));
    const queued = await t.as('buyer@uni.demo.test', { method: 'GET', url: `/api/org/${BUYER}/job/${jobId}` });
    expect(queued.statusCode).toBe(200);
    expect(['queued', 'running', 'failed']).toContain(queued.json().state);
    await t.app.jobRunner.runPending();
    const done = await t.as('buyer@uni.demo.test', { method: 'GET', url: `/api/org/${BUYER}/job/${jobId}` });
    const job = jobSchema.parse(done.json());
    expect(job.state).toBe('failed');
    expect(job.error).toBe('No handler for job kind unknown-kind');
  });

  it('lists jobs newest first, filtered by state', async () => {
    const res = await t.as('buyer@uni.demo.test', { method: 'GET', url: `/api/org/${BUYER}/job?state=failed` });
    expect(res.statusCode).toBe(200);
    const list = res.json() as unknown[];
    expect(list.length).toBeGreaterThan(0);
    list.forEach((j) => expect(jobSchema.parse(j).state).toBe('failed'));
    expect((await t.as('buyer@uni.demo.test', { method: 'GET', url: `/api/org/${BUYER}/job?state=nope` })).statusCode).toBe(400);
  });

  it('keeps jobs within their organisation', async () => {
    const jobId = await t.db.transaction().execute((trx) => enqueueJob(trx, { orgKey: BUYER, kind: 'unknown-kind', payload: {} }));
    const url = `/api/org/${BUYER}/job/${jobId}`;
    expect((await t.as('buyer@northgate.demo.test', { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as('supplier@acme.demo.test', { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as('support@demo.test', { method: 'GET', url })).statusCode).toBe(200);
    expect((await t.as(null, { method: 'GET', url })).statusCode).toBe(401);
    // Another organisation's job id under one's own organisation is simply not there.
    expect((await t.as('buyer@northgate.demo.test', { method: 'GET', url: `/api/org/UNINORTHGATE/job/${jobId}` })).statusCode).toBe(404);
    await t.app.jobRunner.runPending();
  });

  it('the poller runs jobs without being asked', async () => {
    const jobId = await t.db.transaction().execute((trx) => enqueueJob(trx, { orgKey: BUYER, kind: 'unknown-kind', payload: {} }));
    const deadline = Date.now() + 5000;
    let state = 'queued';
    while (Date.now() < deadline && state !== 'failed') {
      await new Promise((r) => setTimeout(r, 100));
      state = (await t.db.selectFrom('jobs').select('state').where('id', '=', jobId).executeTakeFirstOrThrow()).state;
    }
    expect(state).toBe('failed');
  });
});
