import type { AppContext } from '../app-context';
import { blobStoreFor } from '../files/blob-stores';
import { startImapPoller, type ImapPoller } from './imap-poller';
import { startSmtpListener, type SmtpListener } from './smtp-listener';
import type { ErrorLog } from './supervised-thread';

export interface IntakeHandle {
  /** The port the SMTP listener is on; null when PORTAL_SMTP_PORT is `off`. */
  smtpPort: number | null;
  stop(): Promise<void>;
}

/** The ways mail comes in, beside the HTTP server: the SMTP listener and the polled IMAP mailbox. */
export async function startIntake(ctx: AppContext, log: ErrorLog): Promise<IntakeHandle> {
  const intake = ctx.config.intake;
  const blobs = blobStoreFor(ctx.config);
  let smtp: SmtpListener | null = null;
  if (intake?.smtpPort != null) smtp = await startSmtpListener({ db: ctx.db, blobs, port: intake.smtpPort, host: intake.smtpHost, log });
  const imap: ImapPoller | null = intake?.imapUrl ? startImapPoller({ db: ctx.db, blobs, url: intake.imapUrl }) : null;
  return {
    smtpPort: smtp?.port ?? null,
    async stop() {
      await Promise.all([smtp?.close(), imap?.stop()]);
    },
  };
}
