import type { MessageBuyer } from './accept-message';
import type { ReceivingMatch } from './receiving-address';

/** What the SMTP listener's thread is started with. */
export interface SmtpWorkerStart {
  port: number;
  host: string;
  /** The size limit, announced (SIZE) and enforced (552). */
  maxBytes: number;
}

/** What the SMTP thread asks of the main thread, which holds the database. */
export type SmtpRequest =
  /** Which buyer's receiving pattern a recipient matches (RCPT TO). */
  | { kind: 'rcpt'; id: number; address: string }
  /** A whole message for its buyers: stored and queued before the session answers 250. */
  | { kind: 'accept'; id: number; raw: Uint8Array; sender: string; clientIp: string | null; helo: string | null; buyers: MessageBuyer[] };

/** The main thread's answers, by the request's id; `failed`: a temporary failure (451). */
export type SmtpAnswer = { kind: 'rcpt'; id: number; match: ReceivingMatch | null } | { kind: 'accepted'; id: number; messageIds: number[] } | { kind: 'failed'; id: number };

/** What the SMTP thread says about itself. */
export type SmtpEvent = { kind: 'listening'; port: number } | { kind: 'listen-failed'; message: string } | { kind: 'closed' };
