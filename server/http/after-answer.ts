import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Work a request starts but does not wait for (a recovery mail): the answer leaves
 * first, so its timing says nothing about what the work found. The app keeps each
 * task until it settles, waits for them when it closes, and tests wait through
 * `settled`.
 */
class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, task: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tasks started by requests and run after their answers (see AfterAnswer). */
    afterAnswer: AfterAnswer;
  }
}

/** Gives every route of the app one AfterAnswer; closing the app waits for its tasks. */
export function registerAfterAnswer(app: FastifyInstance): void {
  const tasks = new AfterAnswer(app.log);
  app.decorate('afterAnswer', tasks);
  app.addHook('onClose', () => tasks.settled());
}
