import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { basename, join } from 'node:path';
import type { EdiDocType, EdiType } from '../../src/domain/schemas/properties';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { sendMail } from '../mail/mailer';
import { endpointPolicy, endpointUrl, guardedLookup, UNREACHABLE } from './endpoint-guard';
import { withSharedSecret } from './cxml';
import { deliverS3 } from './s3-channel';

export interface DeliveryInput {
  orgKey: string;
  docType: EdiDocType;
  fileName: string;
  contentType: string;
  content: string;
}

/** Where a document went. History and errors name the channel only: an endpoint or a recipient list is the receiver's secret. */
export interface Delivery {
  channel: EdiType;
  /** The file written, for LOCAL only. */
  file: string | null;
}

export interface EdiSetting {
  docType: EdiDocType;
  orderFormat: number;
  type: EdiType;
  ftpServer: string | null;
  ftpDir: string | null;
  user: string | null;
  password: string | null;
  endpoint: string | null;
}

const CXML_TIMEOUT_MS = 15_000;

let ediConfig: ServerConfig | null = null;

/** Called once by buildApp: deliveries keep the signature other areas call, without threading the config. */
export function configureEdi(config: ServerConfig): void {
  ediConfig = config;
}

/** The organisation's setting for a doc type; an organisation without one exports LOCAL, the spec's default. */
export async function readEdiSetting(db: Db, orgKey: string, docType: EdiDocType): Promise<EdiSetting> {
  const row = await db
    .selectFrom('edi_export_settings as e')
    .innerJoin('orgs as o', 'o.org_no', 'e.org_no')
    .selectAll('e')
    .where('o.unique_key', '=', orgKey)
    .where('e.doc_type', '=', docType)
    .where('e.deleted', '=', 0)
    .orderBy('e.id', 'desc')
    .executeTakeFirst();
  if (!row) {
    return { docType, orderFormat: 0, type: 'LOCAL', ftpServer: null, ftpDir: null, user: null, password: null, endpoint: null };
  }
  return {
    docType,
    orderFormat: row.order_format,
    type: row.type as EdiType,
    ftpServer: row.ftp_server,
    ftpDir: row.ftp_dir,
    user: row.ftp_user,
    password: row.password,
    endpoint: row.endpoint,
  };
}

/** A file name from a caller never climbs out of the export folder. */
function safeFileName(fileName: string): string {
  const name = basename(fileName.replace(/\\/g, '/')).replace(/[^A-Za-z0-9._-]/g, '_');
  if (!name || name === '.' || name === '..') throw new Error(`Invalid export file name: ${fileName}`);
  return name;
}

function configured(): ServerConfig {
  if (!ediConfig) throw new Error('EDI delivery is not configured');
  return ediConfig;
}

async function deliverLocal(input: DeliveryInput): Promise<Delivery> {
  const dir = join(configured().dataDir, 'exports', safeFileName(input.orgKey), input.docType);
  await mkdir(dir, { recursive: true });
  const file = join(dir, safeFileName(input.fileName));
  await writeFile(file, input.content, 'utf8');
  return { channel: 'LOCAL', file };
}

const DOC_TYPE_NAMES: Record<EdiDocType, string> = { inv: 'Invoice', po: 'Purchase order', asn: 'Advance ship notice' };

/** EMAIL settings keep the recipient list (comma separated) in `endpoint`. */
async function deliverEmail(input: DeliveryInput, setting: EdiSetting): Promise<Delivery> {
  const to = (setting.endpoint ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (to.length === 0) throw new Error(`The EMAIL export setting for ${input.docType} has no recipient address`);
  const fileName = safeFileName(input.fileName);
  await sendMail(configured(), {
    to,
    subject: `${DOC_TYPE_NAMES[input.docType]} ${fileName}`,
    text: `${DOC_TYPE_NAMES[input.docType]} export ${fileName} is attached.`,
    attachments: [{ filename: fileName, content: input.content, contentType: input.contentType }],
  });
  return { channel: 'EMAIL', file: null };
}

/** Posts with node:http so the socket connects to the address the guard checked; redirects are not followed. */
function post(url: URL, headers: Record<string, string>, body: string): Promise<number> {
  const policy = endpointPolicy(configured().ediAllowNetworks);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address never goes through lookup, so it is checked here.
  if (isIP(literal) && !policy.allows(literal)) return Promise.reject(new Error('address not allowed'));
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(policy), signal: AbortSignal.timeout(CXML_TIMEOUT_MS) },
      (res) => {
        // Drain the answer so the socket is released; its content is not used.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function deliverCxml(input: DeliveryInput, setting: EdiSetting): Promise<Delivery> {
  const url = endpointUrl((setting.endpoint ?? '').trim());
  if (!url) throw new Error(`The cXML export setting for ${input.docType} has no valid http(s) endpoint`);
  const headers: Record<string, string> = { 'content-type': input.contentType };
  if (setting.user) {
    headers.authorization = `Basic ${Buffer.from(`${setting.user}:${setting.password ?? ''}`).toString('base64')}`;
  }
  let status: number;
  try {
    status = await post(url, headers, withSharedSecret(input.content, setting.password));
  } catch (error) {
    throw new Error(UNREACHABLE, { cause: error });
  }
  if (status < 200 || status > 299) throw new Error(`The cXML endpoint answered HTTP ${status}`);
  return { channel: 'cXML', file: null };
}

/**
 * Delivers one exported document through the organisation's EDI export setting for
 * its doc type. Failures throw; the caller records an EXPORT_FAILED history entry.
 * This is network I/O: never call it inside a database transaction (see
 * server/orders/export-document.ts), or a slow receiver holds the database for everyone.
 */
export async function deliverDocument(db: Db, input: DeliveryInput): Promise<Delivery> {
  const setting = await readEdiSetting(db, input.orgKey, input.docType);
  switch (setting.type) {
    case 'LOCAL':
      return deliverLocal(input);
    case 'EMAIL':
      return deliverEmail(input, setting);
    case 'cXML':
      return deliverCxml(input, setting);
    case 'S3':
      return deliverS3({ ...input, fileName: safeFileName(input.fileName) }, setting, configured());
  }
}
