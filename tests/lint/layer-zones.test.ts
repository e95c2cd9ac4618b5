import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer zones of eslint.config.js, run through ESLint itself on small source texts:
 * if the resolver or a zone stops working, an import against the architecture's
 * dependency direction would pass lint silently, and this fails instead.
 */
const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });
const RULE = 'import-x/no-restricted-paths';

/** Lints `import` of `target` (a real file, so the resolver finds it) as if written in `file`. */
async function zoneErrors(file: string, target: string): Promise<string[]> {
  const code = `import * as imported from '${target}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${cwd}/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

// [importing file, import specifier, the zone's message]
const forbidden: Array<[string, string, string]> = [
  ['src/domain/zone-probe.ts', '../local/db/local-database', 'src/domain is pure'],
  ['src/domain/zone-probe.ts', '../api/request', 'src/domain is pure'],
  ['src/api/zone-probe.ts', '../sync/drain', 'src/api depends on src/domain only'],
  ['src/sync/zone-probe.ts', '../local/db/current-database', 'src/sync depends on src/api and src/domain only'],
  ['src/local/zone-probe.ts', '../features/orders/orders-screen', 'src/local sits below the UI'],
  ['src/local/zone-probe.ts', '../ui/button/Button', 'src/local sits below the UI'],
  ['src/ui/zone-probe.ts', '../features/orders/orders-screen', 'src/ui holds design-system pieces only'],
  ['src/ui/zone-probe.ts', '../local/db/current-database', 'src/ui holds design-system pieces only'],
  ['src/features/orders/zone-probe.ts', '../../routes/shell', 'Features do not import routes'],
  ['src/features/orders/zone-probe.ts', '../shell/top-bar', 'Features do not import each other'],
  ['src/features/orders/zone-probe.ts', '../../sync/scope', 'Features reach the store, the sync engine and the API only through src/local'],
  ['src/features/orders/zone-probe.ts', '../../sync/rows', 'Features reach the store, the sync engine and the API only through src/local'],
  ['src/features/catalogue/zone-probe.ts', '../../api/catalogue-calls', 'Features reach the store, the sync engine and the API only through src/local'],
  ['src/features/shell/zone-probe.ts', '../sync-status/SyncStatus', 'Features do not import each other'],
  ['src/routes/zone-probe.ts', '../app/router', 'Routes are thin'],
  ['src/app/zone-probe.ts', '../../server/policy', 'The app wires the browser side'],
  ['src/app/zone-probe.ts', '../../workers/sync.worker', 'The app wires the browser side'],
  ['server/zone-probe.ts', '../src/local/db/current-database', 'The server imports src/domain'],
  ['server/zone-probe.ts', '../src/api/request', 'The server imports src/domain'],
  ['workers/zone-probe.ts', '../src/local/db/local-database', 'workers/ are thin entries'],
  ['workers/zone-probe.ts', '../src/features/orders/orders-screen', 'workers/ are thin entries'],
  ['src/sync/zone-probe.ts', '../../workers/sync.worker', 'src/sync depends on src/api and src/domain only'],
  ['src/local/zone-probe.ts', '../../workers/sw', 'src/local sits below the UI'],
];

const allowed: Array<[string, string]> = [
  ['src/features/orders/zone-probe.ts', '../../ui/button/Button'],
  ['src/features/orders/zone-probe.ts', './order-toolbar'],
  ['src/features/orders/zone-probe.ts', '../../local/db/store-keys'],
  ['src/features/auth/zone-probe.ts', '../../local/online/session-calls'],
  ['src/local/zone-probe.ts', '../sync/store-database'],
  ['src/routes/zone-probe.ts', '../features/orders/orders-screen'],
  ['workers/zone-probe.ts', '../src/sync/worker-api'],
  ['server/zone-probe.ts', '../src/domain/money'],
];

describe('layer zones', () => {
  it.each(forbidden)('%s may not import %s', async (file, target, message) => {
    const errors = await zoneErrors(file, target);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each(allowed)('%s may import %s', async (file, target) => {
    expect(await zoneErrors(file, target)).toEqual([]);
  });
});
