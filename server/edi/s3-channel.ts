import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { ServerConfig } from '../config';
import { s3Client } from '../files/s3-client';
import type { Delivery, DeliveryInput, EdiSetting } from './deliver';

/**
 * Where an S3 setting puts documents: `ftpDir` is `bucket/optional/prefix` (an `s3://`
 * in front is allowed); `ftpServer`, when set, is the URL of an S3-compatible service
 * (the installation's S3_ENDPOINT, else AWS, otherwise); `user` and `password` are the
 * access key id and secret (the installation's S3 keys otherwise).
 */
export function s3Target(setting: Pick<EdiSetting, 'docType' | 'ftpDir'>): { bucket: string; prefix: string } {
  const match = /^(?:s3:\/\/)?([^/\s]+)\/?(.*)$/.exec((setting.ftpDir ?? '').trim());
  if (!match) throw new Error(`The S3 export setting for ${setting.docType} names no bucket (FTP dir: bucket/prefix)`);
  const prefix = match[2]!.replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}

/** Puts the document into the setting's bucket under its prefix; `input.fileName` is already a safe file name. */
export async function deliverS3(input: DeliveryInput, setting: EdiSetting, config: Pick<ServerConfig, 's3'>): Promise<Delivery> {
  const { bucket, prefix } = s3Target(setting);
  const own = setting.user && setting.password;
  const client = s3Client({
    endpoint: setting.ftpServer?.trim() || config.s3?.endpoint || null,
    region: config.s3?.region ?? 'us-east-1',
    accessKeyId: own ? setting.user : (config.s3?.accessKeyId ?? null),
    secretAccessKey: own ? setting.password : (config.s3?.secretAccessKey ?? null),
  });
  const key = `${prefix}${input.fileName}`;
  try {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: input.content, ContentType: input.contentType }));
  } catch (error) {
    // The bucket is the receiver's: its name stays out of the error the other party may read.
    throw new Error('The S3 bucket did not take the document', { cause: error });
  } finally {
    client.destroy();
  }
  return { channel: 'S3', file: null };
}
