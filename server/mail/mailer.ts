import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { writeWhole } from '../files/write-whole';

interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  /** One address or several. */
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** What the file transport writes beside each .eml, so tests and operators read mail without a MIME parser. */
export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  date: string;
  attachments: string[];
}

const MAIL_DIR = 'mail';

const transports = new Map<string, Transporter>();

function transportFor(config: ServerConfig): Transporter {
  const key = config.smtpUrl ?? 'stream';
  let transport = transports.get(key);
  if (!transport) {
    transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    transports.set(key, transport);
  }
  return transport;
}

let sequence = 0;

/** Names sort in sending order: the time, then a counter for messages of the same millisecond. */
function fileStem(now: Date, to: string): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  sequence = (sequence + 1) % 1_000_000;
  const who = to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
  return `${stamp}-${String(sequence).padStart(6, '0')}-${who}`;
}

/**
 * Sends one message: over SMTP when SMTP_URL is configured, otherwise written under
 * `<dataDir>/mail/` as `<ISO time with - for : and .>-<6-digit sequence>-<first recipient>.eml`
 * with a `.json` of the same name holding {to, subject, text, date, attachments}.
 */
export async function sendMail(config: ServerConfig, message: MailMessage): Promise<void> {
  const to = Array.isArray(message.to) ? message.to : [message.to];
  if (to.length === 0) throw new Error('A message needs at least one recipient');
  const info = (await transportFor(config).sendMail({
    from: config.mailFrom,
    to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
  })) as { message?: unknown };
  if (config.smtpUrl) return;

  const now = new Date();
  const dir = join(config.dataDir, MAIL_DIR);
  await mkdir(dir, { recursive: true });
  const stem = fileStem(now, to[0]!);
  const stored: StoredMail = {
    to,
    subject: message.subject,
    text: message.text,
    date: now.toISOString(),
    attachments: (message.attachments ?? []).map((a) => a.filename),
  };
  await writeFile(join(dir, `${stem}.eml`), info.message as Buffer);
  // The .json is written last and whole (the mail folder is read while mail is sent): a reader
  // that sees it reads all of it, and can rely on the .eml being complete.
  await writeWhole(join(dir, `${stem}.json`), JSON.stringify(stored, null, 2));
}
