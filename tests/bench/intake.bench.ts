import Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { renderInvoicePdf } from '../../server/files/invoice-pdf';
import { ublInvoiceXml } from '../../server/db/demo/invoice-xml';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { startServer } from '../e2e/support/server-process';
import { existsSync, readFileSync } from 'node:fs';
import { cpuTimeMs } from './api/load';
import { summarise, type CpuProfile } from './api/profile-api';
import { signIn } from './api/sign-in';
import { fmt, percentile } from './measure';

/** Mails per kind: enough for a rate, short enough for a shared machine. */
const MAILS = Number(process.env.INTAKE_BENCH_MAILS ?? 100);
/** Mails on the wire at once (a supplier's gateway sending a batch). */
const SENDERS = 4;
/** `INTAKE_BENCH_KINDS=UBL` (or PDF) measures one kind only. */
const KINDS = (['UBL', 'PDF'] as const).filter((k) => !process.env.INTAKE_BENCH_KINDS || process.env.INTAKE_BENCH_KINDS.split(',').includes(k));
/**
 * `INTAKE_BENCH_PROFILE=file.cpuprofile`: the server's main thread under the V8 profiler
 * (api/cpu-profile-hook.mjs) from the first mail to the last invoice listed, summarised
 * at the end by self time and by its longest tasks (what delays another user's request).
 */
const PROFILE = process.env.INTAKE_BENCH_PROFILE;
/**
 * `INTAKE_BENCH_READER=0`: no other user reads meanwhile, so the server's CPU per invoice is
 * the intake's alone (the reader's share of it grows with every read answered faster).
 */
const READER = process.env.INTAKE_BENCH_READER !== '0';

function documentOf(n: number): InvoiceDocument {
  const lineItems = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    sequence: i + 1,
    code: `AC-BENCH-${i + 1}`,
    description: `Bench product ${i + 1}, a description long enough to wrap in the PDF's table like a real one does`,
    qtyShipped: 2,
    uom: 'EA',
    unitPrice: 10,
    discount: 0,
    tax: 2,
    grossLineTotal: 22,
  }));
  return {
    documentId: `BENCH-${process.pid}-${n}`,
    dateCreated: '2026-11-20T00:00:00.000Z',
    referenceId: null,
    referenceSystemId: null,
    currency: 'AUD',
    freight: 0,
    additionalCharges: 0,
    subtotal: 240,
    discount: 0,
    totalTax: 24,
    totalValue: 264,
    // Terms under the table carry the PDF onto its second page.
    comments: Array.from({ length: 14 }, (_, i) => `${i + 1}. Goods remain the property of the supplier until paid in full; claims within 7 days of delivery.`).join('\n'),
    validationErrors: { general: [], header: [], line: [] },
    lineItems,
  };
}

const party = { name: 'Acme Scientific', abn: '51 824 753 556', email: null };

async function attachmentOf(kind: 'UBL' | 'PDF', n: number) {
  const document = documentOf(n);
  if (kind === 'UBL') return { filename: `${document.documentId}.xml`, content: ublInvoiceXml({ document, seller: party, buyer: { ...party, name: 'University of Westmere', abn: null } }) };
  const pdf = await renderInvoicePdf({
    title: 'Tax Invoice',
    supplier: { name: 'Acme Scientific', addressLines: ['ABN 51 824 753 556'], email: null },
    supplierCode: null,
    billTo: { name: 'University of Westmere', addressLines: [], email: null },
    document,
  });
  return { filename: `${document.documentId}.pdf`, content: pdf };
}

/** CPU time of a process's main thread (its event loop) so far, in ms: /proc/<pid>/task/<pid>/stat, in ticks of 10 ms. */
function mainThreadCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Invoices per second from SMTP to the buyer's list: MAILS mails of one kind sent to the
 * demo buyer's receiving address on the server's SMTP port, timed until the buyer's list
 * holds every one of them; meanwhile another user (the supplier) reads the order list
 * without pause, its latencies give the p99 the intake costs others.
 */
export async function intakeBench(): Promise<void> {
  const server = await startServer(PROFILE ? { env: { NODE_OPTIONS: `--import ${join(import.meta.dirname, 'api/cpu-profile-hook.mjs')}`, PORTAL_CPU_PROFILE: PROFILE } } : {});
  try {
    const buyer = await signIn(server.url, 'buyer@uni.demo.test');
    const supplier = await signIn(server.url, 'supplier@acme.demo.test');
    // Counted in the server's database file, read-only beside it (WAL lets a reader in): paging
    // the buyer's list through the API every 200 ms blocked the server for 50 to 150 ms a time,
    // which the other user's latencies then counted as the intake's cost.
    const observer = new Database(join(server.dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
    const newInvoices = observer.prepare<[string], { n: number }>("select count(*) as n from invoices where buyer_key = 'UNIWESTMERE1' and document_number like ?");
    const count = async () => newInvoices.get(`BENCH-${process.pid}-%`)!.n;
    // The buyer's list still shows them: one page read at the end, through the API.
    const shownOnList = async () =>
      ((await (await fetch(`${server.url}/api/buyer/UNIWESTMERE1/invoice?limit=100&offset=0`, { headers: { cookie: buyer } })).json()) as Array<{ document: { documentId: string | null } | null }>).filter((i) =>
        i.document?.documentId?.startsWith(`BENCH-${process.pid}-`),
      ).length;
    console.log(`Invoice intake from SMTP to the buyer's list (SQLite, ${MAILS} mails per kind, ${SENDERS} senders)`);
    const readOrders = async () => {
      const start = performance.now();
      await fetch(`${server.url}/api/seller/SUPACMESCI01/order?limit=20&offset=0`, { headers: { cookie: supplier } }).then((r) => r.arrayBuffer());
      return performance.now() - start;
    };
    // The order list alone first: its own latency on this machine at this load, beside which
    // the latency during the intake is read.
    const quiet: number[] = [];
    for (let i = 0; i < 300; i++) quiet.push(await readOrders());
    quiet.sort((a, b) => a - b);
    console.log(`- the supplier's order list alone: p50 ${fmt(percentile(quiet, 50))} ms, p99 ${fmt(percentile(quiet, 99))} ms`);
    let sent = 0;
    if (PROFILE) process.kill(server.pid, 'SIGUSR2');
    for (const kind of KINDS) {
      const attachments = await Promise.all(Array.from({ length: MAILS }, (_, i) => attachmentOf(kind, sent + i)));
      const before = await count();
      const latencies: number[] = [];
      let done = false;
      const reader = (async () => {
        while (!done && READER) {
          latencies.push(await readOrders());
        }
      })();
      const cpuBefore = { all: cpuTimeMs(server.pid), main: mainThreadCpuMs(server.pid) };
      const start = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });
          while (next < attachments.length) {
            const attachment = attachments[next++]!;
            await transport.sendMail({ from: 'ar@acme.demo.test', to: 'invoices@uni.demo.test', subject: attachment.filename, text: 'Invoice attached.', attachments: [attachment] });
          }
          transport.close();
        }),
      );
      const accepted = performance.now() - start;
      while ((await count()) - before < MAILS) await new Promise((r) => setTimeout(r, 200));
      // Newest first: the buyer's first page is this run's.
      if ((await shownOnList()) < Math.min(MAILS, 100)) throw new Error(`The buyer's list does not show the ${kind} invoices the database holds`);
      const listed = performance.now() - start;
      done = true;
      await reader;
      const cpu = { all: cpuTimeMs(server.pid) - cpuBefore.all, main: mainThreadCpuMs(server.pid) - cpuBefore.main };
      sent += MAILS;
      const sorted = [...latencies].sort((a, b) => a - b);
      console.log(
        `- ${kind} (${kind === 'PDF' ? 'text PDFs of 2 pages, read by a template' : 'PEPPOL BIS 3 attachments'}): ${fmt(MAILS / (listed / 1000), 1)} invoices/s to the list ` +
          `(${fmt(accepted / 1000, 1)} s to accept all by SMTP, ${fmt(listed / 1000, 1)} s until all listed); ` +
          (READER ? `meanwhile the supplier's order list p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms over ${sorted.length} reads; ` : 'no reader meanwhile; ') +
          `the server's CPU ${fmt(cpu.all / MAILS)} ms an invoice, ${fmt(cpu.main / MAILS)} ms of it on the main thread${READER ? ' (the reads answered included)' : ''}`,
      );
    }
    observer.close();
    console.log(`  (load average ${loadavg().map((l) => l.toFixed(2)).join(', ')})`);
  } finally {
    await server.stop();
  }
  if (PROFILE && existsSync(PROFILE)) {
    for (const line of summarise(JSON.parse(readFileSync(PROFILE, 'utf8')) as CpuProfile)) console.log(line);
    console.log(`  profile kept: ${PROFILE}`);
  }
}
