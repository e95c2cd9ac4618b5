import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { EdiDocType, EdiType } from '../../src/domain/schemas/properties';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { sendMail } from '../mail/mailer';
import { withSharedSecret } from './cxml';
import { deliverS3 } from './s3-channel';

export interface DeliveryInput {
  orgKey: string;
  docType: EdiDocType;
  fileName: string;
  contentType: string;
  content: string;
}

export interface Delivery {
  channel: EdiType;
  location: string;
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
  return { channel: 'LOCAL', location: file };
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
  return { channel: 'EMAIL', location: to.join(', ') };
}

async function deliverCxml(input: DeliveryInput, setting: EdiSetting): Promise<Delivery> {
  const endpoint = (setting.endpoint ?? '').trim();
  if (!endpoint) throw new Error(`The cXML export setting for ${input.docType} has no endpoint`);
  const headers: Record<string, string> = { 'content-type': input.contentType };
  if (setting.user) {
    headers.authorization = `Basic ${Buffer.from(`${setting.user}:${setting.password ?? ''}`).toString('base64')}`;
  }
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: withSharedSecret(input.content, setting.password),
      signal: AbortSignal.timeout(CXML_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`cXML endpoint ${endpoint} could not be reached: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  // Drain the body so the connection is released; the answer's content is not used.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`cXML endpoint ${endpoint} answered HTTP ${response.status}`);
  return { channel: 'cXML', location: endpoint };
}

/**
 * Delivers one exported document through the organisation's EDI export setting for
 * its doc type. Failures throw; the caller records an EXPORT_FAILED history entry.
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
