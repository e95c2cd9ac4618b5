import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../server/node-args';

const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

// V8 reads these only at start: a script that starts the server without them runs it with
// the small young generation the benchmarks measured the feed's p99 in seconds with.
describe('the server is started with its Node options', () => {
  it.each(['start', 'serve'])('npm run %s gives node every option of SERVER_NODE_ARGS before the entry', (name) => {
    const command = scripts[name]!.split('&&').at(-1)!.trim();
    expect(command).toBe(`node ${SERVER_NODE_ARGS.join(' ')} --import tsx server/main.ts`);
  });
});
