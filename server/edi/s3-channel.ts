import { PutObjectCommand } from '@aws-sdk/client-s3';
import { isIP } from 'node:net';
import type { ServerConfig } from '../config';
import { s3Client } from '../files/s3-client';
import { DeliveryRefused, type Delivery, type DeliveryInput, type EdiSetting } from './delivery-types';
import { endpointPolicy, endpointUrl, guardedLookup } from './endpoint-guard';

/** One message for a refused service, an unreachable one and a refusing bucket: it must not map the receiver's network. */
export const UNREACHABLE_S3 = 'The S3 bucket did not take the document';

/**
 * Where an S3 setting puts documents: `ftpDir` is `bucket/optional/prefix` (an `s3://`
 * in front is allowed); `ftpServer`, when set, is the URL of an S3-compatible service
 * (the installation's S3_ENDPOINT, else AWS, otherwise); `user` and `password` are the
 * access key id and secret (the installation's S3 keys otherwise).
 */
export function s3Target(setting: Pick<EdiSetting, 'docType' | 'ftpDir'>): { bucket: string; prefix: string } {
  const match = /^(?:s3:\/\/)?([^/\s]+)\/?(.*)$/.exec((setting.ftpDir ?? '').trim());
  if (!match) throw new DeliveryRefused(`The S3 export setting for ${setting.docType} names no bucket (FTP dir: bucket/prefix)`);
  const prefix = match[2]!.replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}

/** Puts the document into the setting's bucket under its prefix; `input.fileName` is already a safe file name. */
export async function deliverS3(input: DeliveryInput, setting: EdiSetting, config: Pick<ServerConfig, 's3' | 'ediAllowNetworks'>): Promise<Delivery> {
  const { bucket, prefix } = s3Target(setting);
  const own = setting.user && setting.password;
  // A service the organisation names is checked like a cXML endpoint (public http(s) only, the checked
  // address is the one connected to); the installation's own S3_ENDPOINT is the operator's and trusted.
  const named = setting.ftpServer?.trim() || null;
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
    accessKeyId: own ? setting.user : (config.s3?.accessKeyId ?? null),
    secretAccessKey: own ? setting.password : (config.s3?.secretAccessKey ?? null),
  });
  const key = `${prefix}${input.fileName}`;
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
