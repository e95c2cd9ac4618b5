import { availableParallelism } from 'node:os';

/** The limits one sandboxed task runs under; a task that passes one is killed and fails. */
export interface SandboxLimits {
  /** Wall time from the moment a worker takes the task. */
  timeMs: number;
  /** The worker's V8 heap (`resourceLimits.maxOldGenerationSizeMb`). */
  memoryMb: number;
  /** The task's answer, measured as the bytes it takes to send it to the main thread. */
  maxOutputBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeMs: 60_000,
  memoryMb: 256,
  maxOutputBytes: 64 * 1024 * 1024,
};

/**
 * Workers kept at most. Every worker can hold a core for a whole time limit, so with
 * 2 cores two workers leave the event loop a fair share of the CPU, and one hostile
 * file never holds every other file back; bigger machines get up to four.
 */
export const SANDBOX_POOL_SIZE = Math.max(2, Math.min(4, availableParallelism() - 1));

/** Tasks waiting for a worker at most; past that, a new task is refused at once. */
export const SANDBOX_QUEUE_LENGTH = 100;
