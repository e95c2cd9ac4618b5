// The SMTP listener thread's first module, plain JavaScript for the reason the sandbox's
// bootstrap gives (server/sandbox/worker-bootstrap.mjs): tsx's loader is registered in
// this thread before the TypeScript module is imported.
import { register } from 'tsx/esm/api';

register();
await import('./smtp-worker.ts');
