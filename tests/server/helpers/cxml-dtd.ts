import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The project's shared folder (official cXML DTDs and samples), beside the repository
 * root as in the CI clone; in a git worktree, beside the main checkout it belongs to.
 */
function sharedDir(): string {
  const hasDtds = (dir: string) => existsSync(join(dir, 'cxml', 'dtd'));
  const candidates = [resolve(repoRoot, '..', 'shared')];
  if (!hasDtds(candidates[0]!)) {
    try {
      const commonGitDir = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: repoRoot, encoding: 'utf8' }).trim();
      candidates.push(resolve(dirname(commonGitDir), '..', 'shared'));
    } catch {
      // Not a git checkout: only the folder beside the repository counts.
    }
  }
  const found = candidates.find(hasDtds);
  if (!found) throw new Error(`The official cXML DTDs are missing: expected shared/cxml/dtd at ${candidates.join(' or ')}`);
  return found;
}

export const CXML_DIR = join(sharedDir(), 'cxml');

const SYSTEM_ID = /<!DOCTYPE\s+cXML\s+SYSTEM\s+"http:\/\/xml\.cxml\.org\/schemas\/cXML\/([\d.]+\/[A-Za-z]+\.dtd)"\s*>/i;

/** The DTD a document's DOCTYPE names, as a path under shared/cxml/dtd (`1.2.050/Fulfill.dtd`). */
export function declaredDtd(xml: string): string {
  const match = SYSTEM_ID.exec(xml);
  if (!match) throw new Error('The document has no cXML DOCTYPE');
  return match[1]!;
}

/**
 * xmllint's complaints about a document checked against the local copy of the DTD its
 * DOCTYPE names; empty when it is valid. Never touches the network.
 */
export function dtdErrors(xml: string): string[] {
  const dtd = join(CXML_DIR, 'dtd', declaredDtd(xml));
  if (!existsSync(dtd)) throw new Error(`No local copy of ${dtd}`);
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--dtdvalid', dtd, '-'], { input: xml, encoding: 'utf8' });
  if (run.error) throw new Error(`xmllint could not run (Debian package libxml2-utils): ${run.error.message}`);
  if (run.status === 0) return [];
  const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
  // --nonet makes xmllint mention that it did not fetch the DOCTYPE's URL; only the verdict on the local DTD counts.
  const errors = lines.filter((line) => /validity error|parser error|does not validate/.test(line));
  return errors.length ? errors : lines;
}
