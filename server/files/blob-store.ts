import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeWhole, writeWholeSync } from './write-whole';

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

/**
 * A blob up to this size is written by the calling thread's own system calls rather than
 * through libuv's thread pool. A small file lands in the page cache in tens of microseconds
 * (a mail of 30 KB and its type: 0.08 ms, 0.11 ms of CPU, against 0.35 ms of CPU for the
 * asynchronous writes, measured here), as SQLite's own writes on the same thread do, and
 * each of the seven asynchronous operations of a put woke a thread of the pool, which on
 * two busy cores often took the event loop's CPU at once: the loop, and every request
 * waiting on it, then waited for the CPU to come back (perf on the intake: 110 of the main
 * thread's 174 preemptions in 4 s were at these wake-ups). Larger blobs keep the thread pool.
 */
const WRITTEN_IN_PLACE_BYTES = 256 * 1024;

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
    if (bytes.length <= WRITTEN_IN_PLACE_BYTES) return this.putInPlace(path, folder, bytes, contentType);
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

  /** put for a small blob, in the same order: the sidecar first, then the blob whole under its name. */
  private putInPlace(path: string, folder: string, bytes: Buffer, contentType: string): void {
    if (!this.folders.has(folder)) this.makeFolderSync(folder);
    try {
      writeFileSync(`${path}.type`, contentType);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.makeFolderSync(folder);
      writeFileSync(`${path}.type`, contentType);
    }
    writeWholeSync(path, bytes);
  }

  private async makeFolder(folder: string): Promise<void> {
    await mkdir(folder, { recursive: true });
    this.remember(folder);
  }

  private makeFolderSync(folder: string): void {
    mkdirSync(folder, { recursive: true });
    this.remember(folder);
  }

  private remember(folder: string): void {
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
