import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The official cXML DTDs shipped in server/edi/dtd/<version>/<file>.dtd. A document's
 * DOCTYPE names one by its URL on xml.cxml.org; it is never fetched: the same file
 * shipped here is used, and for a version not shipped the nearest newer one (cXML DTDs
 * only ever add), or the newest.
 */
const DTD_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'dtd');

const SYSTEM_ID = /^https?:\/\/xml\.cxml\.org\/schemas\/cXML\/(\d+\.\d+\.\d+)\/([A-Za-z]+\.dtd)$/i;
/** A DOCTYPE naming only the file, as some systems write it (`SYSTEM "cXML.dtd"`). */
const BARE_FILE = /^([A-Za-z]+\.dtd)$/;

export interface DtdChoice {
  version: string;
  file: string;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

let shipped: Map<string, string[]> | null = null;

/** Versions shipped per file name, oldest first. */
function shippedVersions(): Map<string, string[]> {
  if (shipped) return shipped;
  const byFile = new Map<string, string[]>();
  for (const version of readdirSync(DTD_DIR).filter((d) => /^\d+\.\d+\.\d+$/.test(d))) {
    for (const file of readdirSync(join(DTD_DIR, version)).filter((f) => f.endsWith('.dtd'))) {
      byFile.set(file, [...(byFile.get(file) ?? []), version]);
    }
  }
  for (const versions of byFile.values()) versions.sort(compareVersions);
  shipped = byFile;
  return byFile;
}

/**
 * The shipped DTD for a DOCTYPE's system identifier (null: no DOCTYPE, read as cXML.dtd of
 * the newest version), or null when the identifier names no cXML DTD the portal ships.
 */
export function chooseDtd(systemId: string | null): DtdChoice | null {
  let version: string | null = null;
  let file = 'cXML.dtd';
  if (systemId !== null) {
    const full = SYSTEM_ID.exec(systemId.trim());
    const bare = BARE_FILE.exec(systemId.trim());
    if (full) [, version, file] = full as unknown as [string, string, string];
    else if (bare) file = bare[1]!;
    else return null;
  }
  const versions = shippedVersions().get(file);
  if (!versions?.length) return null;
  const picked = version === null ? versions.at(-1)! : (versions.find((v) => compareVersions(v, version) >= 0) ?? versions.at(-1)!);
  return { version: picked, file };
}

export function readDtdText(choice: DtdChoice): string {
  return readFileSync(join(DTD_DIR, choice.version, choice.file), 'utf8');
}
