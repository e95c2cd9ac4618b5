import { PutObjectCommand } from '@aws-sdk/client-s3';
import { isIP } from 'node:net';
import type { ServerConfig } from '../config';
import { s3Client } from '../files/s3-client';
import { DeliveryRefused, type Delivery, type DeliveryInput, type EdiSetting } from './delivery-types';
import { endpointPolicy, endpointUrl, guardedLookup } from './endpoint-guard';

/** One message for a refused service, an unreachable one and a refusing bucket: it must not map the receiver's network. */
export const UNREACHABLE_S3 = 'The S3 bucket did not take the document';

/** Where documents go in the installation's bucket for an organisation without an S3 account of its own: its own prefix, never `assets/` (public) or another organisation's. */
const EDI_S3_PREFIX = 'edi-exports/';

/** The prefix the operator assigns to an organisation in the installation's bucket. */
function assignedS3Prefix(orgKey: string, docType: string): string {
  const part = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${EDI_S3_PREFIX}${part(orgKey)}/${part(docType)}/`;
}

/**
 * Where an S3 setting with keys of its own puts documents: `ftpDir` is `bucket/optional/prefix`
 * (an `s3://` in front is allowed); `ftpServer`, when set, is the URL of an S3-compatible
 * service (the installation's S3_ENDPOINT, else AWS, otherwise); `user` and `password` are
 * the access key id and secret.
 */
function s3Target(setting: Pick<EdiSetting, 'docType' | 'ftpDir'>): { bucket: string; prefix: string } {
  const match = /^(?:s3:\/\/)?([^/\s]+)\/?(.*)$/.exec((setting.ftpDir ?? '').trim());
  if (!match) throw new DeliveryRefused(`The S3 export setting for ${setting.docType} names no bucket (FTP dir: bucket/prefix)`);
  const prefix = match[2]!.replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}

/**
 * Puts the document into S3; `input.fileName` is already a safe file name. A setting with
 * its own access key and secret writes where those keys may write (its bucket and prefix,
 * on its service). A setting without keys of its own never borrows the installation's
 * credentials for a place it names: its documents go to the prefix the operator assigns
 * the organisation in the installation's bucket (assignedS3Prefix), and a setting that
 * names a bucket or a service without keys is refused.
 */
export async function deliverS3(input: DeliveryInput, setting: EdiSetting, config: Pick<ServerConfig, 's3' | 'ediAllowNetworks'>): Promise<Delivery> {
  const own = Boolean(setting.user && setting.password);
  const named = setting.ftpServer?.trim() || null;
  if (!own) return deliverToAssignedPrefix(input, setting, named, config);
  const { bucket, prefix } = s3Target(setting);
  // A service the organisation names is checked like a cXML endpoint (public http(s) only, the checked
  // address is the one connected to); the installation's own S3_ENDPOINT is the operator's and trusted.
  const policy = endpointPolicy(config.ediAllowNetworks);
  if (named) {
    const url = endpointUrl(named);
    const literal = url?.hostname.replace(/^\[|\]$/g, '') ?? '';
    // A literal address never goes through lookup, so it is checked here.
    if (!url || (isIP(literal) && !policy.allows(literal))) throw new Error(UNREACHABLE_S3);
  }
  const client = s3Client({
    endpoint: named || config.s3?.endpoint || null,
    ...(named ? { lookup: guardedLookup(policy) } : {}),
    region: config.s3?.region ?? 'us-east-1',
    accessKeyId: setting.user,
    secretAccessKey: setting.password,
  });
  return put(client, bucket, `${prefix}${input.fileName}`, input);
}

async function deliverToAssignedPrefix(input: DeliveryInput, setting: EdiSetting, named: string | null, config: Pick<ServerConfig, 's3'>): Promise<Delivery> {
  if (named || setting.ftpDir?.trim()) {
    throw new DeliveryRefused(`The S3 export setting for ${setting.docType} names its own bucket or service but no access key and secret of its own`);
  }
  if (!config.s3) throw new DeliveryRefused(`The S3 export setting for ${setting.docType} has no access key and secret, and this portal keeps no S3 storage`);
  const client = s3Client({
    endpoint: config.s3.endpoint,
    region: config.s3.region,
    accessKeyId: config.s3.accessKeyId,
    secretAccessKey: config.s3.secretAccessKey,
  });
  return put(client, config.s3.bucket, `${assignedS3Prefix(input.orgKey, input.docType)}${input.fileName}`, input);
}

async function put(client: ReturnType<typeof s3Client>, bucket: string, key: string, input: DeliveryInput): Promise<Delivery> {
  try {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: input.content, ContentType: input.contentType }));
  } catch (error) {
    // The bucket is the receiver's: its name stays out of the error the other party may read.
    throw new Error(UNREACHABLE_S3, { cause: error });
  } finally {
    client.destroy();
  }
  return { channel: 'S3', file: null };
}
