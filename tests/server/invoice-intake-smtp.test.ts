import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validationErrorsOf } from '../../src/domain/invoice-display';
import { formatMessage, messages } from '../../src/domain/messages';
import { MAX_INTAKE_MESSAGE_BYTES } from '../../server/intake/intake-kinds';
import { invoicesOf, seedIntakeAccounts, startTestSmtp, type TestSmtp } from './helpers/intake';
import { createTestApp, type TestApp } from './helpers/test-app';

/** DNS as the tests see it: Acme's domain lets the loopback address send for it. */
const DNS = { 'TXT:acme.demo.test': [['v=spf1 ip4:127.0.0.1 -all']], 'TXT:biolab-mail.demo.test': [['v=spf1 ip4:192.0.2.1 -all']] };

describe('invoices by mail: the SMTP listener', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeEach(async () => {
    t = await createTestApp({ runJobs: false, intake: { smtpPort: 0, smtpHost: '127.0.0.1', imapUrl: null, dnsRecords: DNS } });
    await seedIntakeAccounts(t.db);
    smtp = await startTestSmtp(t);
  });
  afterEach(async () => {
    await smtp.close();
    await t.close();
  });

  it('takes a mail for a buyer address, stores it raw, and the job makes an unread invoice routed by sender source', async () => {
    await smtp.send({
      from: 'Acme Accounts <ar@acme.demo.test>',
      to: 'invoices@uni.demo.test',
      subject: 'Invoice INV-1 attached',
      html: '<p>Please pay.</p>',
      messageId: '<inv-1@acme.demo.test>',
    });
    // Stored and queued before anything is parsed: the job has not run yet.
    const stored = await t.db.selectFrom('intake_messages').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ source: 'email', buyer_key: 'UNIWESTMERE1', receiving_code: 'AP', state: 'queued', sender: 'ar@acme.demo.test' });
    expect(await invoicesOf(t)).toEqual([]);

    await t.app.jobRunner.runPending();
    const [invoice, ...rest] = await invoicesOf(t);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({
      read: false,
      veStatus: 'Pending',
      title: messages.documentWithExtractionProblems,
      supplierName: 'Acme Scientific',
      supplierCode: 'AP10100',
      document: null,
      // Matched in the same transaction: a mail without an invoice document is an exception.
      matching: { status: 'Exceptions', exceptions: 1 },
      message: { subject: 'Invoice INV-1 attached', senderEmail: 'ar@acme.demo.test', recipients: ['invoices@uni.demo.test'], pdfUrl: null },
    });
    expect(invoice!.message.htmlBody).toContain('Please pay.');
    const history = await t.as('buyer@uni.demo.test', { method: 'GET', url: `/api/buyer/UNIWESTMERE1/invoice/${invoice!.oiid}/history` });
    // Newest first: the matching run written right after the arrival.
    expect(history.json()).toEqual([
      expect.objectContaining({ type: 'MATCHED', action: 'Matched (Received)', user: 'Invoice matching' }),
      expect.objectContaining({ type: 'RECEIVED', action: 'Received', description: 'Received by email from ar@acme.demo.test (DKIM none, SPF pass acme.demo.test)' }),
    ]);
  });

  it('routes a *@domain pattern to its buyer and keeps the pattern code', async () => {
    await smtp.send({ from: 'ar@acme.demo.test', to: 'scanner-7@scan.uni.demo.test', subject: 'Scan', text: 'total < 2 & <b>bold</b>' });
    const [row] = await t.db.selectFrom('intake_messages').selectAll().execute();
    expect(row).toMatchObject({ buyer_key: 'UNIWESTMERE1', receiving_code: 'AP-SCAN', recipients: JSON.stringify(['scanner-7@scan.uni.demo.test']) });
    await t.app.jobRunner.runPending();
    const [invoice] = await invoicesOf(t);
    // A plain-text mail is shown as text, never as markup.
    expect(invoice!.message.htmlBody).toMatch(/^<pre style="white-space: pre-wrap; font: inherit">total &#60; 2 &#38; &#60;b&#62;bold&#60;\/b&#62;\s*<\/pre>$/);
  });

  it('makes one message per buyer when a mail is addressed to two buyers', async () => {
    await smtp.send({ from: 'ar@acme.demo.test', to: ['invoices@uni.demo.test', 'invoices@northgate.demo.test'], subject: 'Both', text: 'x' });
    await t.app.jobRunner.runPending();
    expect(await invoicesOf(t)).toHaveLength(1);
    expect(await invoicesOf(t, 'buyer@northgate.demo.test', 'UNINORTHGATE')).toHaveLength(1);
  });

  it('refuses unknown recipients and supplier addresses at RCPT with 550, and stores nothing', async () => {
    for (const to of ['nobody@uni.demo.test', 'po@acme.demo.test', 'invoices@elsewhere.test']) {
      const error = await smtp.send({ from: 'ar@acme.demo.test', to, subject: 'x', text: 'x' }).then(
        () => null,
        (e: { code?: string; responseCode?: number; rejectedErrors?: Array<{ responseCode?: number }> }) => e,
      );
      expect(error?.code).toBe('EENVELOPE');
      expect(error?.rejectedErrors?.[0]?.responseCode).toBe(550);
    }
    expect(await t.db.selectFrom('intake_messages').select('id').execute()).toEqual([]);
  });

  it('accepts the good recipients of a mail and refuses the others', async () => {
    const answer = await smtp.send({ from: 'ar@acme.demo.test', to: ['invoices@uni.demo.test', 'nobody@uni.demo.test'], subject: 'x', text: 'x' });
    expect(answer.response).toMatch(/^250/);
    expect(await t.db.selectFrom('intake_messages').select('recipients').execute()).toEqual([{ recipients: JSON.stringify(['invoices@uni.demo.test']) }]);
  });

  it('refuses a message over 25 MiB with 552 and stores nothing', async () => {
    const big = Buffer.alloc(MAX_INTAKE_MESSAGE_BYTES + 1024, 'a');
    const error = await smtp
      .send({ from: 'ar@acme.demo.test', to: 'invoices@uni.demo.test', subject: 'big', attachments: [{ filename: 'big.pdf', content: big }] })
      .then(
        () => null,
        (e: { responseCode?: number }) => e,
      );
    expect(error?.responseCode).toBe(552);
    expect(await t.db.selectFrom('intake_messages').select('id').execute()).toEqual([]);
  });

  it('creates one invoice for two copies of the same Message-ID', async () => {
    const mail = { from: 'ar@acme.demo.test', to: 'invoices@uni.demo.test', subject: 'Invoice 7', text: 'x', messageId: '<same-7@acme.demo.test>' };
    await smtp.send(mail);
    await t.app.jobRunner.runPending();
    await smtp.send(mail);
    await t.app.jobRunner.runPending();
    expect(await invoicesOf(t)).toHaveLength(1);
    const states = await t.db.selectFrom('intake_messages').select(['state', 'dedupe_key']).orderBy('id').execute();
    expect(states).toEqual([
      { state: 'done', dedupe_key: 'mid:<same-7@acme.demo.test>' },
      { state: 'duplicate', dedupe_key: null },
    ]);
  });

  it('creates one invoice for two copies of the same Message-ID read side by side', async () => {
    const mail = { from: 'ar@acme.demo.test', to: 'invoices@uni.demo.test', subject: 'Invoice 8', text: 'x', messageId: '<same-8@acme.demo.test>' };
    // Both queued before the runner starts: intake messages run side by side, the unique key decides.
    await smtp.send(mail);
    await smtp.send(mail);
    await t.app.jobRunner.runPending();
    expect(await invoicesOf(t)).toHaveLength(1);
    const states = await t.db.selectFrom('intake_messages').select('state').execute();
    expect(states.map((s) => s.state).sort()).toEqual(['done', 'duplicate']);
  });

  it('flags a sender that matches a sender source but fails SPF and DKIM; leaves the supplier empty for an unknown sender', async () => {
    await smtp.send({ from: 'billing@biolab-mail.demo.test', to: 'invoices@uni.demo.test', subject: 'forged', text: 'x' });
    await smtp.send({ from: 'someone@unknown.test', to: 'invoices@uni.demo.test', subject: 'who', text: 'x' });
    await t.app.jobRunner.runPending();
    const invoices = await invoicesOf(t);
    const forged = invoices.find((i) => i.message.subject === 'forged')!;
    const unknown = invoices.find((i) => i.message.subject === 'who')!;
    expect(forged.supplierName).toBe('BioLab Supplies');
    expect(unknown.supplierName).toBeNull();
    // Neither mail carries an invoice document: the flag still stands beside the extraction error, kept by matching.
    const flag = formatMessage.senderNotAuthenticated('billing@biolab-mail.demo.test');
    expect(forged).toMatchObject({ document: null, intakeErrors: [flag], matching: { status: 'Exceptions', exceptions: 2 } });
    expect(validationErrorsOf(forged).general).toEqual([{ error: messages.documentExtractionError }, { error: flag }]);
    expect(unknown).toMatchObject({ intakeErrors: [], matching: { status: 'Exceptions', exceptions: 1 } });
    expect(validationErrorsOf(unknown).general).toEqual([{ error: messages.documentExtractionError }]);
    const history = await t.as('buyer@uni.demo.test', { method: 'GET', url: `/api/buyer/UNIWESTMERE1/invoice/${forged.oiid}/history` });
    expect(history.json<Array<{ type: string; description: string }>>().find((e) => e.type === 'RECEIVED')?.description).toBe(
      'Received by email from billing@biolab-mail.demo.test (DKIM none, SPF fail biolab-mail.demo.test)',
    );
  });
});
