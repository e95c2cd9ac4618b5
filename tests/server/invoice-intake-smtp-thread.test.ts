import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedIntakeAccounts, startTestSmtp, type TestSmtp } from './helpers/intake';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A client in a thread of its own: greets the listener (EHLO) and says what it was
 * answered through shared memory, 1 for both answers, 2 for anything else.
 */
const CLIENT = `
const { connect } = require('node:net');
const { workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.shared);
// QUIT is sent once, and the first outcome stays: a second end() on the 221 raised
// ERR_STREAM_WRITE_AFTER_END, and its 'error' overwrote 'answered' before the held main
// thread, woken but not yet running, read it.
const say = (value) => { if (Atomics.compareExchange(flag, 0, 0, value) === 0) Atomics.notify(flag, 0); };
const socket = connect(workerData.port, '127.0.0.1');
let text = '';
socket.on('data', (chunk) => {
  text += chunk.toString();
  if (/^220 /m.test(text) && !text.includes('EHLO sent')) { text += 'EHLO sent'; socket.write('EHLO client.test\\r\\n'); }
  if (!text.includes('QUIT sent') && /^250 /m.test(text.split('EHLO sent')[1] ?? '')) { text += 'QUIT sent'; say(1); socket.end('QUIT\\r\\n'); }
});
socket.on('error', () => say(2));
`;

describe('invoices by mail: the SMTP sessions run beside the event loop', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeEach(async () => {
    t = await createTestApp({ runJobs: false, intake: { smtpPort: 0, smtpHost: '127.0.0.1', imapUrl: null, dnsRecords: {} } });
    await seedIntakeAccounts(t.db);
    smtp = await startTestSmtp(t);
  });
  afterEach(async () => {
    await smtp.close();
    await t.close();
  });

  it('greets a sender and answers its EHLO while the main thread is held, then takes its mail in', async () => {
    const shared = new SharedArrayBuffer(4);
    const flag = new Int32Array(shared);
    const client = new Worker(CLIENT, { eval: true, workerData: { port: smtp.listener.port, shared } });
    try {
      // The main thread waits here without returning to its event loop: only a listener on
      // another thread can greet the client and answer it before the wait ends.
      Atomics.wait(flag, 0, 0, 10_000);
      expect(Atomics.load(flag, 0)).toBe(1);
    } finally {
      void client.terminate();
    }
    // What needs the database (the recipient's buyer, storing and queuing) is the main thread's, once it is free.
    await smtp.send({ from: 'ar@acme.demo.test', to: 'invoices@uni.demo.test', subject: 'After', text: 'x' });
    const stored = await t.db.selectFrom('intake_messages').select(['buyer_key', 'state']).execute();
    expect(stored).toEqual([{ buyer_key: 'UNIWESTMERE1', state: 'queued' }]);
  });
});
