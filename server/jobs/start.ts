import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { concurrentJobKinds, jobHandlers } from './handlers';
import { SANDBOX_POOL_SIZE } from '../sandbox/limits';
import { startJobRunner, type JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process job runner; tests call `runPending()` instead of waiting for the poller. */
    jobRunner: JobRunner;
  }
}

/** Starts the job runner with the app (polling the queue unless PORTAL_JOBS=off) and stops it (waiting for the job at hand) when the app closes. */
export function startJobs(app: FastifyInstance, ctx: AppContext): void {
  // As many intake messages at once as the sandbox has workers to read them.
  const runner = startJobRunner(ctx, jobHandlers, { kinds: concurrentJobKinds, parallel: SANDBOX_POOL_SIZE }, { poll: ctx.config.runJobs });
  app.decorate('jobRunner', runner);
  app.addHook('onClose', async () => {
    await runner.stop();
  });
}
