/** Why a sandboxed task failed: a limit it passed, a worker that died, or the task's own refusal. */
export type SandboxFailure = 'time' | 'memory' | 'output' | 'crash' | 'task';

/**
 * The one error `runSandboxed` rejects with. `message` is a sentence a user can read (a job
 * stores it as its error); `details` is what a task attached to its refusal (say, row errors),
 * structured-cloned out of the worker.
 */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';

  constructor(
    readonly reason: SandboxFailure,
    message: string,
    readonly details: unknown = null,
  ) {
    super(message);
  }
}

/**
 * What a task throws to refuse its input with a message for the user and details for the
 * caller (row errors, counts): the worker sends both across, where they become a
 * `SandboxError` with reason 'task'. Any other error a task throws keeps its message.
 */
export class TaskRefusal extends Error {
  constructor(
    message: string,
    readonly details: unknown = null,
  ) {
    super(message);
  }
}
