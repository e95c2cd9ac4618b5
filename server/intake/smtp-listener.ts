import { Worker } from 'node:worker_threads';
import type { Db } from '../db/database';
import type { BlobStore } from '../files/blob-store';
import { acceptMessage } from './accept-message';
import { MAX_INTAKE_MESSAGE_BYTES } from './intake-kinds';
import { matchReceivingAddress } from './receiving-address';
import type { SmtpAnswer, SmtpEvent, SmtpRequest, SmtpWorkerStart } from './smtp-protocol';
import { superviseThread, type ErrorLog, type ServingThread } from './supervised-thread';

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

const bootstrap = new URL('./smtp-worker-bootstrap.mjs', import.meta.url);

/** The listener's thread, once it listens. */
interface Thread extends ServingThread {
  port: number;
}

/** What the main thread does for the SMTP thread: the database's part of a session. */
async function answer(opts: { db: Db; blobs: BlobStore }, request: SmtpRequest): Promise<SmtpAnswer> {
  try {
    if (request.kind === 'rcpt') return { kind: 'rcpt', id: request.id, match: await matchReceivingAddress(opts.db, request.address) };
    const { messageIds } = await acceptMessage(opts.db, opts.blobs, {
      source: 'email',
      raw: Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength),
      contentType: 'message/rfc822',
      sender: request.sender,
      clientIp: request.clientIp,
      helo: request.helo,
      buyers: request.buyers,
    });
    return { kind: 'accepted', id: request.id, messageIds };
  } catch {
    return { kind: 'failed', id: request.id };
  }
}

/**
 * The intake's SMTP listener. A recipient is accepted only when it matches a buyer's
 * receiving-email pattern (550 otherwise), the size limit is announced (SIZE) and
 * enforced (552), and a message is only stored and queued here: the session answers
 * 250 once the raw bytes and the job are committed, so a sender retries anything else.
 *
 * The sessions run in a thread of their own (smtp-worker.ts): on the event loop, a burst
 * of mail's commands, replies and message bytes were a fifth of the main thread's CPU an
 * invoice, and every reply written woke the sender, which on two busy cores often took
 * the loop's CPU there and then. The database stays on the main thread, asked once a
 * recipient and once a message. A thread that dies is started again on the same port
 * (supervised-thread.ts), and its death logged.
 */
export async function startSmtpListener(opts: {
  db: Db;
  blobs: BlobStore;
  port: number;
  host: string;
  log: ErrorLog;
}): Promise<SmtpListener> {
  /** Starts the thread on `port`: resolves when it listens. */
  const listen = (port: number) =>
    new Promise<Thread>((resolve, reject) => {
      const worker = new Worker(bootstrap, {
        // Not the process's own flags (a profiler hook, vitest's): tsx is registered by the bootstrap.
        execArgv: [],
        workerData: { port, host: opts.host, maxBytes: MAX_INTAKE_MESSAGE_BYTES } satisfies SmtpWorkerStart,
      });
      let listening = false;
      const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
      worker.on('message', (message: SmtpRequest | SmtpEvent) => {
        if (message.kind === 'listening') {
          listening = true;
          const stop = async () => {
            worker.postMessage('close');
            await exited;
          };
          return resolve({ port: message.port, exited, stop });
        }
        if (message.kind === 'listen-failed') {
          void worker.terminate();
          return reject(new Error(`The SMTP listener could not listen on ${opts.host}:${port}: ${message.message}`));
        }
        if (message.kind === 'closed') return void worker.terminate();
        void answer(opts, message).then((reply) => worker.postMessage(reply));
      });
      // A thread that dies takes its sessions with it (their senders retry): the supervisor starts another.
      worker.on('error', (error) => opts.log.error({ err: error }, "The SMTP listener's thread failed"));
      worker.on('exit', (code) => {
        if (!listening) reject(new Error(`The SMTP listener's thread exited (${code}) before it listened`));
      });
    });
  // A thread started again listens where the first one did (the port it was given for port 0).
  let port = opts.port;
  const supervised = await superviseThread(
    async () => {
      const thread = await listen(port);
      port = thread.port;
      return thread;
    },
    opts.log,
    "The SMTP listener's thread",
  );
  return { port: supervised.first.port, close: () => supervised.close() };
}
