import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { runInBackground } from '../sandbox/background-priority';
import type { MessageBuyer } from './accept-message';
import type { SmtpAnswer, SmtpEvent, SmtpRequest, SmtpWorkerStart } from './smtp-protocol';

/**
 * The body of the SMTP listener's thread (started by smtp-listener.ts): the sessions, their
 * commands and the message bytes are handled here, off the event loop that answers users;
 * the main thread is asked only what needs the database (a recipient's buyer, and storing
 * and queuing a whole message), one message each way. The thread runs below the main
 * thread's priority: a sender waits a little on a busy machine, a user does not.
 */
const port = parentPort;
if (!port) throw new Error('server/intake/smtp-worker.ts runs only as a worker thread');
const start = workerData as SmtpWorkerStart;
runInBackground();

let nextId = 1;
const waiting = new Map<number, (answer: SmtpAnswer) => void>();

type Asked = SmtpRequest extends infer R ? (R extends SmtpRequest ? Omit<R, 'id'> : never) : never;

function ask(request: Asked, transfer: ArrayBuffer[] = []): Promise<SmtpAnswer> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    port!.postMessage({ ...request, id }, transfer);
  });
}

/** An SMTP reply with its code: smtp-server sends `responseCode` and the message to the client. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const temporaryFailure = () => smtpError(451, '4.3.0 Temporary failure, please try again later');

function envelopeSender(session: SMTPServerSession): string {
  const from = session.envelope.mailFrom;
  return from && typeof from === 'object' ? from.address : '';
}

const buyersOf = new Map<string, Map<string, MessageBuyer>>();

const server = new SMTPServer({
  name: 'portal.localhost',
  banner: 'Procurement portal invoice intake',
  size: start.maxBytes,
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  maxClients: 200,
  // The client's reverse DNS name is used by nothing here (SPF checks its address and HELO);
  // looking it up sent a DNS query per connection and, with a slow or unreachable resolver,
  // held the greeting up to 1.5 s (smtp-server's own limit).
  disableReverseLookup: true,
  logger: false,
  onConnect(session, callback) {
    buyersOf.set(session.id, new Map());
    callback();
  },
  onClose(session) {
    buyersOf.delete(session.id);
  },
  onMailFrom(_address, session, callback) {
    // A new transaction on the same connection starts with no recipients.
    buyersOf.set(session.id, new Map());
    callback();
  },
  onRcptTo(address, session, callback) {
    void ask({ kind: 'rcpt', address: address.address }).then((answer) => {
      if (answer.kind !== 'rcpt') return callback(temporaryFailure());
      const match = answer.match;
      if (!match) return callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`));
      const buyers = buyersOf.get(session.id) ?? new Map<string, MessageBuyer>();
      buyersOf.set(session.id, buyers);
      const buyer = buyers.get(match.buyerKey) ?? { buyerKey: match.buyerKey, code: match.code, recipients: [] };
      buyer.recipients.push(match.address);
      buyers.set(match.buyerKey, buyer);
      return callback();
    });
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped: the reply below refuses the message.
      if (size <= start.maxBytes) chunks.push(chunk);
    });
    stream.on('error', (error) => callback(error));
    stream.on('end', () => {
      if (stream.sizeExceeded || size > start.maxBytes) {
        return callback(smtpError(552, `5.3.4 Message exceeds the size limit of ${start.maxBytes} bytes`));
      }
      const buyers = [...(buyersOf.get(session.id)?.values() ?? [])];
      if (buyers.length === 0) return callback(smtpError(554, '5.5.1 No valid recipients'));
      // One buffer of its own, handed over to the main thread rather than copied.
      const raw = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        raw.set(chunk, at);
        at += chunk.length;
      }
      const request = { kind: 'accept', raw, sender: envelopeSender(session), clientIp: session.remoteAddress ?? null, helo: session.hostNameAppearsAs ?? null, buyers } as const;
      void ask(request, [raw.buffer]).then((answer) =>
        answer.kind === 'accepted' ? callback(null, `2.0.0 Queued as ${answer.messageIds.join(',')}`) : callback(temporaryFailure()),
      );
    });
  },
});

port.on('message', (message: SmtpAnswer | 'close') => {
  if (message === 'close') {
    server.close(() => port.postMessage({ kind: 'closed' } satisfies SmtpEvent));
    return;
  }
  const answered = waiting.get(message.id);
  waiting.delete(message.id);
  answered?.(message);
});

server.once('error', (error) => port.postMessage({ kind: 'listen-failed', message: error.message } satisfies SmtpEvent));
server.listen(start.port, start.host, () => {
  // A connection that fails (a client resetting) must never bring the listener down.
  server.removeAllListeners('error');
  server.on('error', () => undefined);
  port.postMessage({ kind: 'listening', port: (server.server.address() as AddressInfo).port } satisfies SmtpEvent);
});
