import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
import { createTestApp, type TestApp } from './helpers/test-app';

const BUY = 'buyer@uni.demo.test';
const BUYER = 'UNIWESTMERE1';

/** A wasm module's header and padding: the scanner's zxing reader is a megabyte of it. */
const WASM = Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), Buffer.alloc(4096)]);

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  writeFileSync(join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(join(dist, 'assets', 'reader.wasm'), WASM);
  writeFileSync(join(dist, 'assets', 'reader.wasm.br'), brotliCompressSync(WASM));
  t = await createTestApp({ distDir: dist });
});
afterAll(() => t.close());

describe('hardening headers', () => {
  it('every answer carries a CSP the app, its workers and sandboxed email frames run under, nosniff and a referrer policy', async () => {
    for (const url of ['/api/session/policy', '/', '/assets/app.js']) {
      const res = await t.as(BUY, { method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('refusals and unknown paths carry the same headers; strict transport only when served over HTTPS', async () => {
    const ok = await t.as(BUY, { method: 'GET', url: '/api/session/policy' });
    for (const res of [await t.as(null, { method: 'GET', url: '/api/profile' }), await t.as(BUY, { method: 'GET', url: '/api/no-such-call' })]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(res.headers[name], name).toBe(ok.headers[name]);
      }
    }
    expect(ok.headers['strict-transport-security']).toBeUndefined();
    const https = await createTestApp({ secureCookies: true });
    try {
      expect((await https.as(null, { method: 'GET', url: '/api/profile' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });

  it('API answers are compressed when the client accepts it', async () => {
    const res = await t.as(BUY, { method: 'GET', url: '/api/uom', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await t.as(BUY, { method: 'GET', url: '/api/uom' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    const br = await t.as(BUY, { method: 'GET', url: '/api/uom', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it("the scanner's wasm goes out as the build's brotli file, typed for streaming compilation", async () => {
    const res = await t.as(null, { method: 'GET', url: '/assets/reader.wasm', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(brotliDecompressSync(res.rawPayload).equals(WASM)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(WASM.length / 10);
  });

  it('source maps are not served', async () => {
    expect((await t.as(null, { method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    for (const url of ['/assets/app.js.map', '/assets/app.js.MAP', '/assets/app.js.map?x=1']) {
      const res = await t.as(null, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret.ts');
    }
  });
});

describe('upload URLs', () => {
  const uploadUrl = async () => ((await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/category-tree/action/upload-url` })).json() as { uploadUrl: string }).uploadUrl;
  const put = (url: string, bytes: Buffer) => t.as(null, { method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: bytes });

  it('work once', async () => {
    const url = await uploadUrl();
    const file = Buffer.from('code,description,parentCode\nA,Alpha,\n');
    expect((await put(url, file)).statusCode).toBe(200);
    const again = await put(url, file);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ errors: ['The link is invalid or has expired'] });
  });

  it('check the token before the body is read: a forged link with an oversized body is a 403, not a 413', async () => {
    const url = await uploadUrl();
    const forged = `${url.slice(0, -3)}${url.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const res = await put(forged, Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 'a'));
    expect(res.statusCode).toBe(403);
    // The genuine link is still unused.
    expect((await put(url, Buffer.from('code,description,parentCode\nA,Alpha,\n'))).statusCode).toBe(200);
  });
});

describe('ids are parsed strictly', () => {
  it.each(['0x10', '1e1', '16.0', '+16', '%2016', '0b1'])('/invoice/%s is a 400, not invoice 16', async (id) => {
    const res = await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/invoice/${id}` });
    expect(res.statusCode).toBe(400);
  });

  it('as are query numbers', async () => {
    expect((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/invoice?limit=0x10` })).statusCode).toBe(400);
    expect((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/invoice?limit=16` })).statusCode).toBe(200);
  });
});
