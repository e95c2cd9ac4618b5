import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../db/database';
import type { BlobStore } from '../files/blob-store';
import { acceptMessage, type MessageBuyer } from './accept-message';
import { MAX_INTAKE_MESSAGE_BYTES } from './intake-kinds';
import { matchReceivingAddress } from './receiving-address';

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** An SMTP reply with its code: smtp-server sends `responseCode` and the message to the client. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The intake's SMTP listener. A recipient is accepted only when it matches a buyer's
 * receiving-email pattern (550 otherwise), the size limit is announced (SIZE) and
 * enforced (552), and a message is only stored and queued here: the session answers
 * 250 once the raw bytes and the job are committed, so a sender retries anything else.
 */
export async function startSmtpListener(opts: { db: Db; blobs: BlobStore; port: number; host: string }): Promise<SmtpListener> {
  const buyersOf = new Map<string, Map<string, MessageBuyer>>();

  const server = new SMTPServer({
    name: 'portal.localhost',
    banner: 'Procurement portal invoice intake',
    size: MAX_INTAKE_MESSAGE_BYTES,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    maxClients: 200,
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
      matchReceivingAddress(opts.db, address.address)
        .then((match) => {
          if (!match) return callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`));
          const buyers = buyersOf.get(session.id) ?? new Map<string, MessageBuyer>();
          buyersOf.set(session.id, buyers);
          const buyer = buyers.get(match.buyerKey) ?? { buyerKey: match.buyerKey, code: match.code, recipients: [] };
          buyer.recipients.push(match.address);
          buyers.set(match.buyerKey, buyer);
          return callback();
        })
        .catch(() => callback(smtpError(451, '4.3.0 Temporary failure, please try again later')));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the rest is read and dropped: the reply below refuses the message.
        if (size <= MAX_INTAKE_MESSAGE_BYTES) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > MAX_INTAKE_MESSAGE_BYTES) {
          return callback(smtpError(552, `5.3.4 Message exceeds the size limit of ${MAX_INTAKE_MESSAGE_BYTES} bytes`));
        }
        const buyers = [...(buyersOf.get(session.id)?.values() ?? [])];
        if (buyers.length === 0) return callback(smtpError(554, '5.5.1 No valid recipients'));
        acceptMessage(opts.db, opts.blobs, {
          source: 'email',
          raw: Buffer.concat(chunks),
          contentType: 'message/rfc822',
          sender: envelopeSender(session),
          clientIp: session.remoteAddress ?? null,
          helo: session.hostNameAppearsAs ?? null,
          buyers,
        })
          .then(({ messageIds }) => callback(null, `2.0.0 Queued as ${messageIds.join(',')}`))
          .catch(() => callback(smtpError(451, '4.3.0 Temporary failure, please try again later')));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A connection that fails (a client resetting) must never bring the process down.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function envelopeSender(session: SMTPServerSession): string {
  const from = session.envelope.mailFrom;
  return from && typeof from === 'object' ? from.address : '';
}
