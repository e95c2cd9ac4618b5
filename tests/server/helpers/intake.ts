import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Db } from '../../../server/db/database';
import type { InvoiceItem } from '../../../src/domain/schemas/invoices';
import { blobStoreFor } from '../../../server/files/blob-stores';
import { startSmtpListener, type SmtpListener } from '../../../server/intake/smtp-listener';
import type { TestApp } from './test-app';

async function orgNo(db: Db, key: string): Promise<number> {
  return (await db.selectFrom('orgs').select('org_no').where('unique_key', '=', key).executeTakeFirstOrThrow()).org_no;
}

/**
 * What the intake routes on, as support would enter it in the account drawer: the
 * demo buyer's receiving emails (AP and the AP-SCAN wildcard), Acme's sender source
 * and ABN, and the buyer's Invoice Account Code for Acme.
 */
export async function seedIntakeAccounts(db: Db): Promise<void> {
  const uni = await orgNo(db, 'UNIWESTMERE1');
  const north = await orgNo(db, 'UNINORTHGATE');
  const acme = await orgNo(db, 'SUPACMESCI01');
  const biolab = await orgNo(db, 'SUPBIOLAB001');
  await db
    .insertInto('receiving_emails')
    .values([
      { org_no: uni, code: 'AP', email_address: 'invoices@uni.demo.test', rev: 0, deleted: 0 },
      { org_no: uni, code: 'AP-SCAN', email_address: '*@scan.uni.demo.test', rev: 0, deleted: 0 },
      { org_no: north, code: 'AP', email_address: 'invoices@northgate.demo.test', rev: 0, deleted: 0 },
      // A supplier's receiving email is where orders go: never an invoice address.
      { org_no: acme, code: 'PO', email_address: 'po@acme.demo.test', rev: 0, deleted: 0 },
    ])
    .execute();
  await db
    .insertInto('sender_sources')
    .values([
      { org_no: acme, identifier: 'acme.demo.test', rev: 0, deleted: 0 },
      { org_no: biolab, identifier: 'billing@biolab-mail.demo.test', rev: 0, deleted: 0 },
    ])
    .execute();
  await db.insertInto('properties').values({ org_no: acme, property: 'ABN', value: '51 824 753 556', rev: 0, deleted: 0 }).execute();
  await db
    .insertInto('other_org_properties')
    .values({ org_no: uni, other_org_key: 'SUPACMESCI01', property: 'SUPPLIER_CODE_AP', value: 'AP10100', rev: 0, deleted: 0 })
    .execute();
}

export interface TestSmtp {
  listener: SmtpListener;
  send(mail: Mail.Options & { envelope?: { from: string; to: string[] } }): Promise<{ response: string }>;
  close(): Promise<void>;
}

/** The intake's SMTP listener on a loopback port of its own, and a client that sends to it. */
export async function startTestSmtp(t: TestApp): Promise<TestSmtp> {
  const listener = await startSmtpListener({ db: t.db, blobs: blobStoreFor(t.config), port: 0, host: '127.0.0.1', log: t.app.log });
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true, pool: false });
  return {
    listener,
    send: (mail) => transport.sendMail(mail),
    async close() {
      transport.close();
      await listener.close();
    },
  };
}

/** The buyer's invoices as its list answers them, newest first. */
export async function invoicesOf(t: TestApp, username = 'buyer@uni.demo.test', buyer = 'UNIWESTMERE1') {
  const res = await t.as(username, { method: 'GET', url: `/api/buyer/${buyer}/invoice?limit=50&offset=0` });
  if (res.statusCode !== 200) throw new Error(`invoice list answered ${res.statusCode}: ${res.body}`);
  return res.json<InvoiceItem[]>();
}
