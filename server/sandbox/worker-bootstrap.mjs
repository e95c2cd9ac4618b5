// A sandbox worker's first module, plain JavaScript because nothing can load TypeScript
// yet: tsx's own `--import tsx` skips worker threads, so its API registers the loader in
// this thread, whatever started the process (`node --import tsx`, vitest), before the
// TypeScript worker module is imported.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
