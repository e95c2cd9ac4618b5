import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobStoreFor } from '../../server/files/blob-stores';
import { startImapPoller } from '../../server/intake/imap-poller';
import { invoicesOf, seedIntakeAccounts } from './helpers/intake';
import { createTestApp, type TestApp } from './helpers/test-app';

// hoodiecrow-imap: a scriptable IMAP server held in memory, started for each test (CommonJS, untyped).
interface ImapServer {
  listen(port: number, host: string, done: () => void): void;
  close(done: () => void): void;
  server: Server;
}
const hoodiecrow = createRequire(import.meta.url)('hoodiecrow-imap') as (options: unknown) => ImapServer;

const mail = (to: string, subject: string) =>
  [`From: Acme Accounts <ar@acme.demo.test>`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: <${subject.replace(/\W/g, '')}@acme.demo.test>`, 'Date: Tue, 24 Nov 2026 09:00:00 +1100', '', 'Invoice to follow.'].join('\r\n');

describe('invoices from a polled IMAP mailbox (PORTAL_IMAP_URL)', () => {
  let t: TestApp;
  let imap: ImapServer;
  let seen: () => Promise<string[][]>;

  beforeEach(async () => {
    t = await createTestApp({ runJobs: false });
    await seedIntakeAccounts(t.db);
    const storage = {
      INBOX: {
        messages: [
          { raw: mail('invoices@uni.demo.test', 'Invoice by IMAP'), flags: [] },
          { raw: mail('someone@elsewhere.test', 'Not for a buyer'), flags: [] },
          { raw: mail('invoices@uni.demo.test', 'Already read'), flags: ['\\Seen'] },
        ],
      },
    };
    imap = hoodiecrow({ storage });
    await new Promise<void>((resolve) => imap.listen(0, '127.0.0.1', resolve));
    seen = async () => storage.INBOX.messages.map((m) => m.flags);
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => imap.close(() => resolve()));
    await t.close();
  });

  it('takes in the unseen messages for a buyer address, marks every message it looked at seen, and takes nothing twice', async () => {
    const { port } = imap.server.address() as AddressInfo;
    const poller = startImapPoller({ db: t.db, blobs: blobStoreFor(t.config), url: `imap://testuser:testpass@127.0.0.1:${port}/INBOX`, intervalMs: 3_600_000 });
    try {
      expect(await poller.pollOnce()).toBe(1);
      expect(await poller.pollOnce()).toBe(0);
    } finally {
      await poller.stop();
    }
    expect((await seen()).every((flags) => flags.includes('\\Seen'))).toBe(true);
    const messages = await t.db.selectFrom('intake_messages').select(['source', 'buyer_key', 'receiving_code', 'state']).execute();
    expect(messages).toEqual([{ source: 'imap', buyer_key: 'UNIWESTMERE1', receiving_code: 'AP', state: 'queued' }]);
    await t.app.jobRunner.runPending();
    const [invoice] = await invoicesOf(t);
    expect(invoice).toMatchObject({ supplierName: 'Acme Scientific', message: { subject: 'Invoice by IMAP', senderEmail: 'ar@acme.demo.test' } });
  });
});
