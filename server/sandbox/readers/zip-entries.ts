import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { XLSX_LIMITS } from '../limits';
import { TaskRefusal } from '../sandbox-error';

const MIB = 1024 * 1024;
const refuse = (why: string) => new TaskRefusal(`The file was refused: ${why}`, { errors: [] });

export interface ZipArchive {
  /** Names of the entries, from the central directory. */
  names(): string[];
  /** Streams one entry's unpacked bytes; null when the zip has no such entry. */
  open(name: string): Promise<Readable | null>;
  close(): void;
}

/**
 * Opens a zip held in memory by its central directory alone, and refuses it before a byte
 * is inflated when the directory declares too many entries, an entry or a total too large
 * unpacked, or a compression ratio only a zip bomb has. Entries are inflated only when
 * asked for, as streams whose real size yauzl checks against the declared one.
 */
export async function openZip(bytes: Buffer): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new TaskRefusal(`The file is not a valid spreadsheet: ${(error as Error).message}`, { errors: [] });
  }
  if (zip.entryCount > XLSX_LIMITS.maxEntries) throw refuse(`it holds more than ${XLSX_LIMITS.maxEntries} parts`);
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const size = entry.uncompressedSize;
      if (size > XLSX_LIMITS.maxEntryBytes && !entry.fileName.endsWith('/')) {
        throw refuse(`its part ${entry.fileName} unpacks to more than ${XLSX_LIMITS.maxEntryBytes / MIB} MiB`);
      }
      total += size;
      if (total > XLSX_LIMITS.maxTotalBytes) throw refuse(`it unpacks to more than ${XLSX_LIMITS.maxTotalBytes / MIB} MiB`);
      if (size > XLSX_LIMITS.ratioFloorBytes && size > entry.compressedSize * XLSX_LIMITS.maxRatio) {
        throw refuse(`its part ${entry.fileName} is compressed more than ${XLSX_LIMITS.maxRatio} to 1, as only a zip bomb is`);
      }
      entries.set(entry.fileName, entry);
    }
  } catch (error) {
    zip.close();
    if (error instanceof TaskRefusal) throw error;
    throw new TaskRefusal(`The file is not a valid spreadsheet: ${(error as Error).message}`, { errors: [] });
  }
  return {
    names: () => [...entries.keys()],
    async open(name) {
      const entry = entries.get(name);
      if (!entry) return null;
      try {
        return await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw new TaskRefusal(`The file is not a valid spreadsheet: ${(error as Error).message}`, { errors: [] });
      }
    },
    close: () => zip.close(),
  };
}
