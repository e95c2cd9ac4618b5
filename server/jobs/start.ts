import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { jobHandlers } from './handlers';
import { startJobRunner, type JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process job runner; tests call `runPending()` instead of waiting for the poller. */
    jobRunner: JobRunner;
  }
}

/** Starts the job runner with the app and stops it (waiting for the job at hand) when the app closes. */
export function startJobs(app: FastifyInstance, ctx: AppContext): void {
  const runner = startJobRunner(ctx, jobHandlers);
  app.decorate('jobRunner', runner);
  app.addHook('onClose', async () => {
    await runner.stop();
  });
}
