import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import nodemailer from 'nodemailer';

const TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.xml': 'application/xml', '.html': 'text/html', '.txt': 'text/plain' };

/**
 * Mails files as attachments to an SMTP port (the portal's own listener by default):
 * the `send-invoice` command, for trying the intake by hand.
 */
export async function sendInvoiceMail(opts: { host: string; port: number; to: string; from: string; subject: string | null; files: string[] }): Promise<string> {
  const attachments = await Promise.all(
    opts.files.map(async (path) => ({ filename: basename(path), content: await readFile(path), contentType: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream' })),
  );
  const transport = nodemailer.createTransport({ host: opts.host, port: opts.port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({
      from: opts.from,
      to: opts.to,
      subject: opts.subject ?? (attachments.length ? `Invoice ${attachments.map((a) => a.filename).join(', ')}` : 'Invoice'),
      text: attachments.length ? 'Please find our invoice attached.' : 'Invoice without attachment.',
      attachments,
    });
    return info.response;
  } finally {
    transport.close();
  }
}
