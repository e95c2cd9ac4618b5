import Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { renderInvoicePdf } from '../../server/files/invoice-pdf';
import { ublInvoiceXml } from '../../server/db/demo/invoice-xml';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { startServer } from '../e2e/support/server-process';
import { existsSync, readFileSync } from 'node:fs';
import { cpuTimeMs } from './api/load';
import { summarise, type CpuProfile } from './api/profile-api';
import { longestTasks, type TimedCpuProfile } from './api/profile-tasks';
import { signIn } from './api/sign-in';
import { fmt, percentile } from './measure';

/** Mails per kind: enough for a rate, short enough for a shared machine. */
const MAILS = Number(process.env.INTAKE_BENCH_MAILS ?? 100);
/** Mails of each kind sent first, not measured but printed as the cold figure (`INTAKE_BENCH_WARM_UP=0` none). */
const WARM_UP = Number(process.env.INTAKE_BENCH_WARM_UP ?? 100);
/** Mails on the wire at once (a supplier's gateway sending a batch). */
const SENDERS = 4;
/**
 * `INTAKE_BENCH_SEND_RATE=50`: mail n of a measured run is sent no sooner than n/50 s after
 * its start, so the intake runs at that rate (the issue's aim) rather than as fast as it
 * takes mail in; unset, back to back.
 */
const SEND_RATE = Number(process.env.INTAKE_BENCH_SEND_RATE ?? 0);
/** `INTAKE_BENCH_KINDS=UBL` (or PDF) measures one kind only. */
const KINDS = (['UBL', 'PDF'] as const).filter((k) => !process.env.INTAKE_BENCH_KINDS || process.env.INTAKE_BENCH_KINDS.toUpperCase().split(',').includes(k));
/**
 * `INTAKE_BENCH_PROFILE=file.cpuprofile`: the server's main thread under the V8 profiler
 * (api/cpu-profile-hook.mjs) from the first mail after the warm-up to the last invoice listed, summarised
 * at the end by self time and by its longest tasks (what delays another user's request).
 */
const PROFILE = process.env.INTAKE_BENCH_PROFILE;
/**
 * Who reads the supplier's order list while the mails come in, each over a run of the
 * kind's mails of its own:
 * - `busy`: one reader asking again the moment it has an answer (back to back, fetch),
 *   the figure earlier sessions printed. On two cores it keeps a core nearly busy by
 *   itself (the bench's client and the server's answers), so its tail is mostly its own.
 * - `paced`: a user at READ_RATE requests a second, evenly spaced, open loop (not waiting
 *   for an answer before the next is due; node:http on a kept-alive connection, as
 *   cxml-in.bench.ts does), each latency counted from when its request was due.
 * `INTAKE_BENCH_READER=busy` or `=paced` runs one of them, `=0` neither, so the server's
 * CPU per invoice is the intake's alone (the reader's share grows with every read answered
 * faster); both by default.
 */
const READERS = (['busy', 'paced'] as const).filter((r) => {
  const wanted = process.env.INTAKE_BENCH_READER ?? 'busy,paced';
  return wanted !== '0' && wanted.split(',').includes(r);
});
type Reader = (typeof READERS)[number] | 'none';
/** The paced reader's requests a second: a user paging and filtering, far above what one person asks. */
const READ_RATE = Number(process.env.INTAKE_BENCH_READ_RATE ?? 50);
/** How long the paced reader reads alone before the intake, for its figure at this load. */
const PACED_ALONE_SECONDS = 5;

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

/** Composes a mail into its bytes without sending it (nodemailer's stream transport, buffered). */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
interface ComposedMail {
  envelope: { from: string; to: string[] };
  message: Buffer;
}

/**
 * A process's main thread (its event loop) so far, in ms: its CPU time, and the time it was
 * ready to run but waited for a CPU (other threads, other processes on the machine), which
 * a request waiting on it waits too (/proc/<pid>/task/<pid>/schedstat, in ns).
 */
function mainThreadMs(pid: number): { cpu: number; waited: number; preempted: number } {
  const [cpu, waited] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
  return { cpu: cpu! / 1e6, waited: waited! / 1e6, preempted: preemptions(pid) };
}

/**
 * How often the kernel took the CPU from the main thread while it could have gone on
 * (/proc/<pid>/task/<pid>/status): each time, a request waiting on it waits for the CPU
 * to come back. Waking a thread of libuv's pool (every asynchronous file operation) is
 * one way to lose it: the woken thread often runs at once in its place.
 */
function preemptions(pid: number): number {
  const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
  return Number(/nonvoluntary_ctxt_switches:\s*(\d+)/.exec(status)?.[1] ?? 0);
}

/** The supplier's order list, as the supplier's screen asks for its first page. */
const orderListPath = '/api/seller/SUPACMESCI01/order?limit=20&offset=0';

/** A paced reader: `rate` requests a second on its own kept-alive connections until stopped; latencies from when each was due, sorted. */
function pacedReader(url: string, cookie: string, rate: number): { stop(): Promise<number[]> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const { hostname, port } = new URL(url);
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  let sent = 0;
  let timer: NodeJS.Timeout | null = null;
  const send = (due: number) =>
    new Promise<void>((resolve, reject) => {
      const req = request({ agent, hostname, port, path: orderListPath, headers: { cookie, accept: 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`The order list answered ${res.statusCode}`));
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  const tick = () => {
    // Every request due by now goes out, however late this timer fired.
    for (; start + (sent * 1000) / rate <= performance.now(); sent++) {
      const sending = send(start + (sent * 1000) / rate);
      pending.add(sending);
      void sending.finally(() => pending.delete(sending)).catch(() => undefined);
    }
    timer = setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - performance.now()));
  };
  tick();
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      await Promise.all(pending);
      agent.destroy();
      return latencies.sort((a, b) => a - b);
    },
  };
}

/** A busy reader: asks again as soon as it has an answer, until stopped. */
function busyReader(url: string, cookie: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let done = false;
  const reading = (async () => {
    while (!done) {
      const start = performance.now();
      await fetch(`${url}${orderListPath}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - start);
    }
  })();
  return {
    async stop() {
      done = true;
      await reading;
      return latencies.sort((a, b) => a - b);
    },
  };
}

const startReader = (reader: Reader, url: string, cookie: string) =>
  reader === 'busy' ? busyReader(url, cookie) : reader === 'paced' ? pacedReader(url, cookie, READ_RATE) : { stop: async () => [] as number[] };

const readerLabel = (reader: Reader) =>
  reader === 'busy' ? 'busy reader (back to back)' : reader === 'paced' ? `paced reader (${READ_RATE}/s, from when due)` : 'no reader';

const latencyFigures = (sorted: number[]) => `p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms over ${sorted.length} reads`;

/**
 * Invoices per second from SMTP to the buyer's list: MAILS mails of one kind sent to the
 * demo buyer's receiving address on the server's SMTP port, timed until the buyer's list
 * holds every one of them; meanwhile another user (the supplier) reads the order list,
 * back to back or paced (READERS, a run of MAILS mails for each), its latencies give the
 * p99 the intake costs others.
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
    console.log(`Invoice intake from SMTP to the buyer's list (SQLite, ${MAILS} mails per kind and reader, ${SENDERS} senders)`);
    // The order list alone first: its own latency on this machine at this load, beside which
    // the latency during the intake is read.
    for (const reader of READERS) {
      const alone = startReader(reader, server.url, supplier);
      // A second of the busy reader (earlier sessions took 300 reads, about as many), a few of the paced one.
      await new Promise((r) => setTimeout(r, reader === 'busy' ? 1000 : PACED_ALONE_SECONDS * 1000));
      console.log(`- the supplier's order list alone, ${readerLabel(reader)}: ${latencyFigures(await alone.stop())}`);
    }
    let sent = 0;
    /** `mails` mails of one kind, `reader` reading meanwhile: the line of figures it prints. */
    const intake = async (kind: (typeof KINDS)[number], reader: Reader, mails: number, cold: boolean): Promise<string> => {
      const attachments = await Promise.all(Array.from({ length: mails }, (_, i) => attachmentOf(kind, sent + i)));
      // Each mail is composed before the clock starts (MIME, base64): a supplier's mail server
      // composes its mail on its own machine, and here that CPU would be taken from the server.
      const messages = await Promise.all(
        attachments.map(
          async (attachment) =>
            (await composer.sendMail({ from: 'ar@acme.demo.test', to: 'invoices@uni.demo.test', subject: attachment.filename, text: 'Invoice attached.', attachments: [attachment] })) as unknown as ComposedMail,
        ),
      );
      const before = await count();
      // The bench's own event loop: a reader timed late by a busy client shows up here, not in the server.
      const clientDelay = monitorEventLoopDelay({ resolution: 1 });
      clientDelay.enable();
      const reading = startReader(reader, server.url, supplier);
      const cpuBefore = { all: cpuTimeMs(server.pid), main: mainThreadMs(server.pid) };
      const start = performance.now();
      const pacedSending = SEND_RATE > 0 && !cold;
      let next = 0;
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });
          while (next < messages.length) {
            const n = next++;
            const wait = pacedSending ? start + (n * 1000) / SEND_RATE - performance.now() : 0;
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            const { envelope, message } = messages[n]!;
            await transport.sendMail({ envelope, raw: message });
          }
          transport.close();
        }),
      );
      const accepted = performance.now() - start;
      while ((await count()) - before < mails) await new Promise((r) => setTimeout(r, 200));
      const listed = performance.now() - start;
      const latencies = await reading.stop();
      clientDelay.disable();
      const mainAfter = mainThreadMs(server.pid);
      const cpu = {
        all: cpuTimeMs(server.pid) - cpuBefore.all,
        main: mainAfter.cpu - cpuBefore.main.cpu,
        waited: mainAfter.waited - cpuBefore.main.waited,
        preempted: mainAfter.preempted - cpuBefore.main.preempted,
      };
      // Newest first: the buyer's first page is this run's.
      if ((await shownOnList()) < Math.min(mails, 100)) throw new Error(`The buyer's list does not show the ${kind} invoices the database holds`);
      sent += mails;
      return (
        `- ${kind} (${kind === 'PDF' ? 'text PDFs of 2 pages, read by a template' : 'PEPPOL BIS 3 attachments'}), ${cold ? `the first ${mails} after the start (cold), ` : ''}${SEND_RATE > 0 && !cold ? `sent at ${SEND_RATE} a second, ` : ''}${readerLabel(reader)}: ` +
        `${fmt(mails / (listed / 1000), 1)} invoices/s to the list (${fmt(accepted / 1000, 1)} s to accept all by SMTP, ${fmt(listed / 1000, 1)} s until all listed); ` +
        (reader === 'none' ? '' : `meanwhile the supplier's order list ${latencyFigures(latencies)}; `) +
        `the server's CPU ${fmt(cpu.all / mails)} ms an invoice, ${fmt(cpu.main / mails)} ms of it on the main thread${reader === 'none' ? '' : ' (the reads answered included)'}; ` +
        `the server's main thread waited ${fmt(cpu.waited / (listed / 1000), 0)} ms a second for a CPU and was preempted ${fmt(cpu.preempted / mails, 2)} times an invoice; ` +
        `the bench's own event loop delay p99 ${fmt(clientDelay.percentile(99) / 1e6)} ms`
      );
    };
    for (const kind of KINDS) {
      // A server runs for days: the figures are taken once its code and the sandbox's are warm (V8
      // tiers up the first few hundred mails' code on background threads, CPU counted against
      // them); the cold run is printed first.
      if (WARM_UP > 0) console.log(await intake(kind, 'none', WARM_UP, true));
      if (PROFILE && kind === KINDS[0]) process.kill(server.pid, 'SIGUSR2');
      for (const reader of READERS.length ? READERS : (['none'] as const)) console.log(await intake(kind, reader, MAILS, false));
    }
    observer.close();
    console.log(`  (load average ${loadavg().map((l) => l.toFixed(2)).join(', ')})`);
  } finally {
    await server.stop();
  }
  if (PROFILE && existsSync(PROFILE)) {
    const profile = JSON.parse(readFileSync(PROFILE, 'utf8')) as CpuProfile & TimedCpuProfile;
    for (const line of [...summarise(profile), ...longestTasks(profile)]) console.log(line);
    console.log(`  profile kept: ${PROFILE}`);
  }
}
