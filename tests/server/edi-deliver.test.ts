import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDocument } from '../../server/edi/deliver';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPORT = 'support@demo.test';

let t: TestApp;
let server: Server;
let endpoint: string;
const received: Array<{ headers: IncomingHttpHeaders; body: string; url: string }> = [];

beforeAll(async () => {
  // The receiver listens on loopback, which a cXML endpoint may reach only when the operator allows it.
  t = await createTestApp({ ediAllowNetworks: ['127.0.0.1'] });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body, url: req.url ?? '' });
      res.statusCode = req.url === '/fail' ? 503 : 200;
      res.end('<cXML><Response><Status code="200"/></Response></cXML>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

async function setEdi(orgKey: string, payload: Record<string, unknown>) {
  const res = await t.as(SUPPORT, { method: 'POST', url: `/api/org/${orgKey}/edi-export`, payload });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

const doc = (orgKey: string, docType: 'inv' | 'po' | 'asn', fileName: string) => ({
  orgKey,
  docType,
  fileName,
  contentType: 'application/xml',
  content: `<doc>${fileName}</doc>`,
});

describe('deliverDocument', () => {
  it('writes LOCAL (the default without a setting) under dataDir/exports/<org>/<docType>/', async () => {
    const result = await deliverDocument(t.db, t.config, doc('SUPACMESCI01', 'asn', 'ASN-1.xml'));
    const expected = join(t.config.dataDir, 'exports', 'SUPACMESCI01', 'asn', 'ASN-1.xml');
    expect(result).toEqual({ channel: 'LOCAL', file: expected });
    expect(readFileSync(expected, 'utf8')).toBe('<doc>ASN-1.xml</doc>');
  });

  it('keeps a file name inside the export folder', async () => {
    const result = await deliverDocument(t.db, t.config, doc('SUPACMESCI01', 'po', '../../escape.xml'));
    expect(result.file).toBe(join(t.config.dataDir, 'exports', 'SUPACMESCI01', 'po', 'escape.xml'));
    expect(existsSync(join(t.config.dataDir, 'exports', 'escape.xml'))).toBe(false);
  });

  it('posts cXML to the endpoint with basic authentication', async () => {
    await setEdi('SUPBIOLAB001', { docType: 'po', type: 'cXML', endpoint: `${endpoint}/orders`, user: 'edi', password: 's3cret' });
    const result = await deliverDocument(t.db, t.config, doc('SUPBIOLAB001', 'po', 'PO-7.xml'));
    expect(result).toEqual({ channel: 'cXML', file: null });
    const last = received.at(-1)!;
    expect(last.url).toBe('/orders');
    expect(last.body).toBe('<doc>PO-7.xml</doc>');
    expect(last.headers['content-type']).toBe('application/xml');
    expect(last.headers.authorization).toBe(`Basic ${Buffer.from('edi:s3cret').toString('base64')}`);
  });

  it('throws with the status when the cXML endpoint answers non-2xx, and when it cannot be reached', async () => {
    await setEdi('SUPBIOLAB001', { docType: 'asn', type: 'cXML', endpoint: `${endpoint}/fail` });
    await expect(deliverDocument(t.db, t.config, doc('SUPBIOLAB001', 'asn', 'ASN-9.xml'))).rejects.toThrow(/503/);
    await setEdi('SUPPACCHEM01', { docType: 'asn', type: 'cXML', endpoint: 'http://127.0.0.1:1/closed' });
    await expect(deliverDocument(t.db, t.config, doc('SUPPACCHEM01', 'asn', 'ASN-2.xml'))).rejects.toThrow(/^The cXML endpoint could not be reached$/);
  });

  it('sends EMAIL with the document attached to the recipients in endpoint', async () => {
    await setEdi('UNIWESTMERE1', { docType: 'inv', type: 'EMAIL', endpoint: 'ap@uni.demo.test, ap2@uni.demo.test' });
    const result = await deliverDocument(t.db, t.config, doc('UNIWESTMERE1', 'inv', 'INV-3.xml'));
    expect(result).toEqual({ channel: 'EMAIL', file: null });
    const mailDir = join(t.config.dataDir, 'mail');
    const stored = readdirSync(mailDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as { to: string[]; attachments: string[] });
    expect(stored).toEqual([expect.objectContaining({ to: ['ap@uni.demo.test', 'ap2@uni.demo.test'], attachments: ['INV-3.xml'] })]);
  });

  it('refuses EMAIL without recipients', async () => {
    await setEdi('UNINORTHGATE', { docType: 'po', type: 'EMAIL' });
    await expect(deliverDocument(t.db, t.config, doc('UNINORTHGATE', 'po', 'PO-1.xml'))).rejects.toThrow(/no recipient/);
  });

  it('ignores a deleted setting (back to LOCAL)', async () => {
    const { id } = await setEdi('SUPSTHCROSS1', { docType: 'inv', type: 'S3' });
    expect((await t.as(SUPPORT, { method: 'DELETE', url: `/api/org/SUPSTHCROSS1/edi-export/${id}` })).statusCode).toBe(200);
    expect((await deliverDocument(t.db, t.config, doc('SUPSTHCROSS1', 'inv', 'INV-5.xml'))).channel).toBe('LOCAL');
  });
});

describe('a stored EDI password follows its destination only', () => {
  const put = (orgKey: string, id: number, payload: Record<string, unknown>) =>
    t.as(SUPPORT, { method: 'PUT', url: `/api/org/${orgKey}/edi-export/${id}`, payload });
  const passwordSet = async (orgKey: string, id: number) => {
    const list = (await t.as(SUPPORT, { method: 'GET', url: `/api/org/${orgKey}/edi-export` })).json() as Array<{ id: number; passwordSet: boolean }>;
    return list.find((s) => s.id === id)!.passwordSet;
  };

  it('a new endpoint, type or server without the password sent again clears it, so the next export never hands it to the new place', async () => {
    const org = 'SUPMERIDIAN1';
    const { id } = await setEdi(org, { docType: 'po', type: 'cXML', endpoint: `${endpoint}/mine`, user: 'edi', password: 'kept-secret' });
    // A change that keeps the destination keeps the password.
    expect((await put(org, id, { docType: 'po', type: 'cXML', endpoint: `${endpoint}/mine`, user: 'edi', orderFormat: 2 })).statusCode).toBe(200);
    expect(await passwordSet(org, id)).toBe(true);

    // The endpoint moves without the password: it is cleared, and the new place never sees it.
    expect((await put(org, id, { docType: 'po', type: 'cXML', endpoint: `${endpoint}/elsewhere`, user: 'edi' })).statusCode).toBe(200);
    expect(await passwordSet(org, id)).toBe(false);
    await deliverDocument(t.db, t.config, doc(org, 'po', 'PO-8.xml'));
    const sent = received.at(-1)!;
    expect(sent.url).toBe('/elsewhere');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('edi:').toString('base64')}`);
    expect(JSON.stringify(sent)).not.toContain('kept-secret');

    // Sent again with the move, the password is kept for the new place.
    expect((await put(org, id, { docType: 'po', type: 'cXML', endpoint: `${endpoint}/mine`, user: 'edi', password: 'new-secret' })).statusCode).toBe(200);
    expect(await passwordSet(org, id)).toBe(true);
    for (const moved of [{ type: 'S3', ftpDir: 'bucket/x' }, { type: 'cXML', endpoint: `${endpoint}/mine`, ftpServer: 'https://s3.example.org' }, { type: 'EMAIL', endpoint: 'ap@example.org' }]) {
      expect((await put(org, id, { docType: 'po', user: 'edi', ...moved })).statusCode).toBe(200);
      expect(await passwordSet(org, id), JSON.stringify(moved)).toBe(false);
      expect((await put(org, id, { docType: 'po', type: 'cXML', endpoint: `${endpoint}/mine`, user: 'edi', password: 'new-secret' })).statusCode).toBe(200);
    }
  });
});
