import { Resolver } from 'node:dns/promises';
import { authenticate } from 'mailauth';
import { simpleParser, type AddressObject } from 'mailparser';
import type { IntakeFile } from '../../intake/extract/extracted-invoice';
import { cachedResolver, type DnsResolve } from './dns-cache';

/** What the intake needs to check DKIM and SPF: the SMTP session's facts and, for tests, a DNS table. */
export interface MailAuthInput {
  ip: string | null;
  helo: string | null;
  sender: string;
  /** DNS answers by `TYPE:name`; null asks the system resolver. */
  dnsRecords: Record<string, string[][]> | null;
}

interface MailAuthResult {
  /** pass, fail, none, temperror... of the first DKIM signature, and the domain that signed it. */
  dkim: string;
  dkimDomain: string | null;
  spf: string;
  spfDomain: string | null;
}

export interface ParsedMail {
  messageId: string | null;
  subject: string;
  from: string | null;
  to: string[];
  date: string | null;
  html: string | null;
  text: string | null;
  attachments: IntakeFile[];
  auth: MailAuthResult | null;
}

/** Attachments past this count are not extracted (a mail bomb of tiny parts); the raw message keeps them. */
const MAX_ATTACHMENTS = 50;

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);
}

function tableResolver(records: Record<string, string[][]>) {
  return async (name: string, rrtype: string) => {
    const answer = records[`${rrtype}:${name.toLowerCase()}`];
    if (answer) return answer;
    throw Object.assign(new Error(`${rrtype} ${name}: not found`), { code: 'ENOTFOUND' });
  };
}

/**
 * The system's DNS, each question bounded (a resolver that never answers must not eat the
 * task's time limit), its answers kept by this worker for the mails after this one.
 */
let systemDns: DnsResolve | null = null;
function systemResolver() {
  if (!systemDns) {
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    systemDns = cachedResolver((name, rrtype) => resolver.resolve(name, rrtype));
  }
  const dns = systemDns;
  return (name: string, rrtype: string) => dns(name, rrtype) as Promise<string[][] | string[]>;
}

async function checkAuth(raw: Buffer, input: MailAuthInput): Promise<MailAuthResult> {
  try {
    const result = await authenticate(raw, {
      ip: input.ip ?? undefined,
      helo: input.helo ?? undefined,
      sender: input.sender || undefined,
      // A polled mailbox has no SMTP session: the Received headers its server added say who connected.
      trustReceived: input.ip === null,
      mta: 'portal.localhost',
      disableArc: true,
      disableBimi: true,
      disableDmarc: true,
      resolver: input.dnsRecords ? tableResolver(input.dnsRecords) : systemResolver(),
    });
    const dkim = result.dkim.results[0];
    return {
      dkim: dkim?.status.result ?? 'none',
      dkimDomain: dkim?.signingDomain ?? null,
      spf: result.spf ? result.spf.status.result : 'none',
      spfDomain: result.spf ? result.spf.domain : null,
    };
  } catch {
    return { dkim: 'temperror', dkimDomain: null, spf: 'temperror', spfDomain: null };
  }
}

/**
 * Sandbox task: reads one raw mail (MIME) into its headers, bodies and attachments,
 * and checks its DKIM signature and the sender's SPF. Runs only in a sandbox worker:
 * the mail comes from anyone.
 */
export async function parseMail(input: { raw: Uint8Array; auth: MailAuthInput | null }): Promise<ParsedMail> {
  const raw = Buffer.from(input.raw.buffer, input.raw.byteOffset, input.raw.byteLength);
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, maxHtmlLengthToParse: 2 * 1024 * 1024 });
  const auth = input.auth ? await checkAuth(raw, input.auth) : null;
  return {
    messageId: mail.messageId?.trim() || null,
    subject: mail.subject ?? '',
    from: addresses(mail.from)[0] ?? null,
    to: [...addresses(mail.to), ...addresses(mail.cc)],
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
    html: typeof mail.html === 'string' ? mail.html : null,
    text: mail.text ?? null,
    attachments: mail.attachments.slice(0, MAX_ATTACHMENTS).map((a, i) => ({
      filename: a.filename || `attachment-${i + 1}`,
      contentType: a.contentType || 'application/octet-stream',
      bytes: new Uint8Array(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
    auth,
  };
}
