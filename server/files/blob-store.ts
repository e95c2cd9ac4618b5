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

/** Folders kept at most in a store's memory of the folders it made (a day's intake folder, a buyer's...). */
const KNOWN_FOLDERS_LIMIT = 1000;

/** Files under `root`, with the content type kept in a small sidecar file beside each blob. */
export class DiskBlobStore implements BlobStore {
  /**
   * Folders this store has made or found, so a put into one of them goes straight to its
   * writes: each file operation is a round trip through libuv's thread pool, and a mail
   * took three puts' worth. A folder removed behind the store's back (an operator purging
   * a day of mail) is made again by the put that misses it.
   */
  private readonly folders = new Set<string>();

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, key);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    const folder = dirname(path);
    if (!this.folders.has(folder)) await this.makeFolder(folder);
    try {
      await writeFile(`${path}.type`, contentType);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await this.makeFolder(folder);
      await writeFile(`${path}.type`, contentType);
    }
    // The sidecar is whole before the blob appears under its name: a reader never finds the blob without its type.
    await writeWhole(path, bytes);
  }

  private async makeFolder(folder: string): Promise<void> {
    await mkdir(folder, { recursive: true });
    if (this.folders.size >= KNOWN_FOLDERS_LIMIT) this.folders.clear();
    this.folders.add(folder);
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
