import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeWhole } from './write-whole';

export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded and generated files live: the local disk by default, an S3-compatible
 * bucket when configured (s3-blob-store.ts). Both implement the same three calls.
 */
export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,400}$/;

/** Keys are path-like (`buyer/UNI.../template.csv`); `..` and absolute paths never leave the root. */
export function assertBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Invalid blob key: ${key}`);
  }
}

/** Files under `root`, with the content type kept in a small sidecar file beside each blob. */
export class DiskBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, key);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.type`, contentType);
    await writeWhole(path, bytes);
  }

  async get(key: string): Promise<StoredBlob | null> {
    const path = this.pathOf(key);
    try {
      const bytes = await readFile(path);
      const contentType = await readFile(`${path}.type`, 'utf8').catch(() => 'application/octet-stream');
      return { bytes, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }
}
