import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { basename, join } from 'node:path';
import type { EdiDocType, EdiType } from '../../src/domain/schemas/properties';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { sendMail } from '../mail/mailer';
import { withSharedSecret } from './cxml';
import { CXML_ANSWER_MAX_BYTES, readCxmlStatus } from './cxml-response';
import { DeliveryRefused, type Delivery, type DeliveryInput, type EdiSetting } from './delivery-types';
import { endpointPolicy, endpointUrl, guardedLookup, UNREACHABLE } from './endpoint-guard';
import { deliverS3 } from './s3-channel';

const CXML_TIMEOUT_MS = 15_000;

/** The organisation's setting for a doc type; an organisation without one exports LOCAL, the spec's default. */
async function readEdiSetting(db: Db, orgKey: string, docType: EdiDocType): Promise<EdiSetting> {
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

async function deliverLocal(config: ServerConfig, input: DeliveryInput): Promise<Delivery> {
  const dir = join(config.dataDir, 'exports', safeFileName(input.orgKey), input.docType);
  await mkdir(dir, { recursive: true });
  const file = join(dir, safeFileName(input.fileName));
  await writeFile(file, input.content, 'utf8');
  return { channel: 'LOCAL', file };
}

const DOC_TYPE_NAMES: Record<EdiDocType, string> = { inv: 'Invoice', po: 'Purchase order', asn: 'Advance ship notice' };

/** EMAIL settings keep the recipient list (comma separated) in `endpoint`. */
async function deliverEmail(config: ServerConfig, input: DeliveryInput, setting: EdiSetting): Promise<Delivery> {
  const to = (setting.endpoint ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (to.length === 0) throw new DeliveryRefused(`The EMAIL export setting for ${input.docType} has no recipient address`);
  const fileName = safeFileName(input.fileName);
  await sendMail(config, {
    to,
    subject: `${DOC_TYPE_NAMES[input.docType]} ${fileName}`,
    text: `${DOC_TYPE_NAMES[input.docType]} export ${fileName} is attached.`,
    attachments: [{ filename: fileName, content: input.content, contentType: input.contentType }],
  });
  return { channel: 'EMAIL', file: null };
}

interface HttpAnswer {
  status: number;
  /** The answer's first CXML_ANSWER_MAX_BYTES; the rest is not read. */
  body: string;
}

/** Posts with node:http so the socket connects to the address the guard checked; redirects are not followed. */
function post(config: ServerConfig, url: URL, headers: Record<string, string>, body: string): Promise<HttpAnswer> {
  const policy = endpointPolicy(config.ediAllowNetworks);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address never goes through lookup, so it is checked here.
  if (isIP(literal) && !policy.allows(literal)) return Promise.reject(new Error('address not allowed'));
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(policy), signal: AbortSignal.timeout(CXML_TIMEOUT_MS) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk.subarray(0, Math.max(0, CXML_ANSWER_MAX_BYTES - size)));
          size += chunk.length;
          // Past the cap the answer is cut off; what was read is all that is looked at.
          if (size >= CXML_ANSWER_MAX_BYTES) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A partner's 5xx (and HTTP 408, 429) is a passing trouble worth a retry; any other refusal is the partner's last word on this document. */
const passing = (code: number) => code >= 500 || code === 408 || code === 429;

/**
 * Posts the document and reads the partner's cXML `Response/Status`: only a 2xx status is
 * a delivery. A refusal carries the partner's own words into the error (and so into history).
 */
async function deliverCxml(config: ServerConfig, input: DeliveryInput, setting: EdiSetting): Promise<Delivery> {
  const url = endpointUrl((setting.endpoint ?? '').trim());
  if (!url) throw new DeliveryRefused(`The cXML export setting for ${input.docType} has no valid http(s) endpoint`);
  const headers: Record<string, string> = { 'content-type': input.contentType };
  if (setting.user) {
    headers.authorization = `Basic ${Buffer.from(`${setting.user}:${setting.password ?? ''}`).toString('base64')}`;
  }
  let answer: HttpAnswer;
  try {
    answer = await post(config, url, headers, withSharedSecret(input.content, setting.password));
  } catch (error) {
    throw new Error(UNREACHABLE, { cause: error });
  }
  const status = readCxmlStatus(answer.body);
  const ok = (code: number) => code >= 200 && code <= 299;
  if (status && !ok(status.code)) {
    const message = `The cXML endpoint answered ${status.code}${status.text ? ` ${status.text}` : ''}`;
    throw passing(status.code) ? new Error(message) : new DeliveryRefused(message);
  }
  if (!ok(answer.status)) {
    const message = `The cXML endpoint answered HTTP ${answer.status}`;
    throw passing(answer.status) ? new Error(message) : new DeliveryRefused(message);
  }
  if (!status) throw new DeliveryRefused('The cXML endpoint answered without a cXML Response Status');
  return { channel: 'cXML', file: null };
}

/**
 * Delivers one exported document through the organisation's EDI export setting for
 * its doc type. Failures throw: DeliveryRefused when sending again cannot help, any other
 * error when a retry may (server/edi/export-job.ts records EXPORT_FAILED history).
 * This is network I/O: never call it inside a database transaction, or a slow receiver
 * holds the database for everyone.
 */
export async function deliverDocument(db: Db, config: ServerConfig, input: DeliveryInput): Promise<Delivery> {
  const setting = await readEdiSetting(db, input.orgKey, input.docType);
  switch (setting.type) {
    case 'LOCAL':
      return deliverLocal(config, input);
    case 'EMAIL':
      return deliverEmail(config, input, setting);
    case 'cXML':
      return deliverCxml(config, input, setting);
    case 'S3':
      return deliverS3({ ...input, fileName: safeFileName(input.fileName) }, setting, config);
  }
}
