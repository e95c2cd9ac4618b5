import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { deliverDocument } from '../../server/edi/deliver';
import { endpointPolicy, endpointUrl } from '../../server/edi/endpoint-guard';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPORT = 'support@demo.test';
let t: TestApp;
let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  t = await createTestApp();
  server = createServer((req, res) => {
    hits++;
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const doc = { orgKey: 'SUPBIOLAB001', docType: 'po' as const, fileName: 'PO-1.xml', contentType: 'application/xml', content: '<x/>' };

let settingId: number | null = null;
async function setEndpoint(url: string) {
  if (settingId !== null) expect((await t.as(SUPPORT, { method: 'DELETE', url: `/api/org/SUPBIOLAB001/edi-export/${settingId}` })).statusCode).toBe(200);
  const res = await t.as(SUPPORT, { method: 'POST', url: '/api/org/SUPBIOLAB001/edi-export', payload: { docType: 'po', type: 'cXML', endpoint: url, user: 'u', password: 'p' } });
  expect(res.statusCode).toBe(201);
  settingId = (res.json() as { id: number }).id;
}

describe('cXML endpoint guard', () => {
  it('allows public addresses only, unless the operator allows a network', () => {
    const policy = endpointPolicy([]);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(policy.allows(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
      expect(policy.allows(a), a).toBe(false);
    }
    const allowed = endpointPolicy(['10.1.0.0/16', '127.0.0.1']);
    expect(allowed.allows('10.1.9.9')).toBe(true);
    expect(allowed.allows('127.0.0.1')).toBe(true);
    expect(allowed.allows('10.2.0.1')).toBe(false);
    expect(allowed.allows('127.0.0.2')).toBe(false);
  });

  it('accepts only http(s) URLs without credentials', () => {
    expect(endpointUrl('https://edi.example.com/in')?.hostname).toBe('edi.example.com');
    for (const bad of ['file:///etc/passwd', 'ftp://x.example/', 'gopher://x.example/', 'http://user:pw@x.example/', 'not a url', '']) expect(endpointUrl(bad), bad).toBeNull();
  });

  it('reads PORTAL_EDI_ALLOW_NETWORKS and refuses a malformed entry', () => {
    expect(loadConfig({ PORTAL_DATA_DIR: t.config.dataDir, PORTAL_SECRET: 's', PORTAL_EDI_ALLOW_NETWORKS: '10.0.0.0/8, 127.0.0.1' }).ediAllowNetworks).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ PORTAL_DATA_DIR: t.config.dataDir, PORTAL_SECRET: 's', PORTAL_EDI_ALLOW_NETWORKS: '10.0.0.0/99' })).toThrow(/PORTAL_EDI_ALLOW_NETWORKS/);
  });

  it('never connects to a loopback address, by literal or by name, and says the same for a closed port', async () => {
    for (const url of [`http://127.0.0.1:${port}/x`, `http://localhost:${port}/x`, `http://[::ffff:127.0.0.1]:${port}/x`, `http://0x7f.1:${port}/x`]) {
      await setEndpoint(url);
      await expect(deliverDocument(t.db, t.config, doc), url).rejects.toThrow(/^The cXML endpoint could not be reached$/);
    }
    expect(hits).toBe(0);
    await setEndpoint('http://127.0.0.1:1/closed');
    await expect(deliverDocument(t.db, t.config, doc)).rejects.toThrow(/^The cXML endpoint could not be reached$/);
  });

  it('refuses a non-http scheme before any connection', async () => {
    await setEndpoint('file:///etc/passwd');
    await expect(deliverDocument(t.db, t.config, doc)).rejects.toThrow('The cXML export setting for po has no valid http(s) endpoint');
  });
});
