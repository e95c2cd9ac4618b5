import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { DiskBlobStore, type BlobStore } from './blob-store';
import { S3BlobStore } from './s3-blob-store';
import { s3Client } from './s3-client';

const stores = new Map<string, BlobStore>();

/**
 * The blob store of a configuration: the configured S3 bucket, else `${dataDir}/blobs/`.
 * One instance per bucket or data directory.
 */
export function blobStoreFor(config: Pick<ServerConfig, 'dataDir' | 's3'>): BlobStore {
  const s3 = config.s3;
  const id = s3 ? `s3:${s3.endpoint ?? 'aws'}:${s3.region}:${s3.bucket}` : join(config.dataDir, 'blobs');
  let store = stores.get(id);
  if (!store) {
    store = s3 ? new S3BlobStore(s3Client(s3), s3.bucket) : new DiskBlobStore(id);
    stores.set(id, store);
  }
  return store;
}
