import { ImapFlow } from 'imapflow';
import type { Db } from '../db/database';
import type { BlobStore } from '../files/blob-store';
import { acceptMessage, type MessageBuyer } from './accept-message';
import { MAX_INTAKE_MESSAGE_BYTES } from './intake-kinds';
import { matchReceivingAddress } from './receiving-address';

/** How often the mailbox is looked at. */
const IMAP_POLL_MS = 60_000;
/** Set on a message the intake took (or refused: no buyer address, too large), so the next poll skips it. */
const TAKEN_FLAG = '\\Seen';

export interface ImapPoller {
  /** Looks at the mailbox once now; answers how many messages were taken in. */
  pollOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** `imaps://user:password@host:993/INBOX` (or `imap://` for a plain, local server). */
function clientFor(url: URL): ImapFlow {
  return new ImapFlow({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'imaps:' ? 993 : 143)),
    secure: url.protocol === 'imaps:',
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
  });
}

/**
 * PORTAL_IMAP_URL: a mailbox at a mail provider polled into the same pipeline as the
 * SMTP listener. Each unseen message is routed by the recipients its server states
 * (the IMAP envelope: To and Cc, no MIME parsed here), stored raw and queued, then
 * marked seen; a message for no buyer address or over the size limit is marked seen and
 * left in the mailbox for a person to look at.
 */
export function startImapPoller(opts: { db: Db; blobs: BlobStore; url: string; intervalMs?: number }): ImapPoller {
  const url = new URL(opts.url);
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function poll(): Promise<number> {
    const client = clientFor(url);
    await client.connect();
    let taken = 0;
    try {
      const lock = await client.getMailboxLock(mailbox);
      try {
        const uids = (await client.search({ seen: false }, { uid: true })) || [];
        for (const uid of uids) {
          const message = await client.fetchOne(String(uid), { envelope: true, size: true, source: true }, { uid: true });
          if (!message) continue;
          const recipients = [...(message.envelope?.to ?? []), ...(message.envelope?.cc ?? [])].map((a) => a.address ?? '').filter(Boolean);
          const buyers = new Map<string, MessageBuyer>();
          for (const recipient of recipients) {
            const match = await matchReceivingAddress(opts.db, recipient);
            if (!match) continue;
            const buyer = buyers.get(match.buyerKey) ?? { buyerKey: match.buyerKey, code: match.code, recipients: [] };
            buyer.recipients.push(match.address);
            buyers.set(match.buyerKey, buyer);
          }
          if (buyers.size > 0 && message.source && (message.size ?? message.source.length) <= MAX_INTAKE_MESSAGE_BYTES) {
            await acceptMessage(opts.db, opts.blobs, {
              source: 'imap',
              raw: message.source,
              contentType: 'message/rfc822',
              sender: message.envelope?.sender?.[0]?.address ?? message.envelope?.from?.[0]?.address ?? '',
              buyers: [...buyers.values()],
            });
            taken++;
          }
          await client.messageFlagsAdd(String(uid), [TAKEN_FLAG], { uid: true });
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return taken;
  }

  function pollOnce(): Promise<number> {
    running ??= poll().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      pollOnce()
        .catch(() => undefined)
        .finally(schedule);
    }, opts.intervalMs ?? IMAP_POLL_MS);
    timer.unref();
  }
  schedule();

  return {
    pollOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
