import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { SandboxLimits } from './limits';
import type { TaskMessage, WorkerMessage, WorkerStart } from './worker-protocol';
import { SandboxError } from './sandbox-error';
import { memoryLimitPassed, sandboxStopped, timeLimitPassed, workerCrashed } from './sandbox-messages';

interface PendingTask {
  id: number;
  task: string;
  input: unknown;
  /** Buffers of `input` moved to the worker rather than copied (postMessage's transfer list). */
  transfer: ArrayBuffer[];
  limits: SandboxLimits;
  resolve(output: unknown): void;
  reject(error: SandboxError): void;
}

interface Slot {
  worker: Worker;
  memoryMb: number;
  ready: boolean;
  task: PendingTask | null;
  timer: NodeJS.Timeout | null;
}

export interface SandboxPoolOptions {
  /** URL of the task registry module the workers load (its `sandboxTasks` export). */
  registryUrl: string;
  /** Workers alive at most. */
  size: number;
  /** Whether its tasks run below the process's priority (Linux), once each worker has loaded what it was started for. */
  background: boolean;
}

/**
 * The thread starts in plain JavaScript that registers tsx, then imports worker.ts. It
 * gets no execArgv, so no flag of the parent's (`--import tsx`, vitest's) applies twice.
 */
const bootstrap = new URL('./worker-bootstrap.mjs', import.meta.url);

/**
 * A bounded pool of worker threads that run untrusted-file tasks under limits: the V8
 * heap of each worker is capped (`resourceLimits`), a task that runs past its time is
 * terminated with its worker, and an answer past its size never leaves the worker. A
 * worker that is killed or dies is dropped; the next task starts a fresh one.
 */
export class SandboxPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: PendingTask[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: SandboxPoolOptions) {}

  /**
   * Runs a task; aborting `signal` fails it at once, terminating its worker if it started.
   * The buffers in `transfer` are moved to the worker and unusable here afterwards.
   */
  run(task: string, input: unknown, limits: SandboxLimits, signal?: AbortSignal, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.closed || signal?.aborted) return Promise.reject(new SandboxError('crash', sandboxStopped));
    return new Promise((resolve, reject) => {
      const onAbort = () => this.abort(pending);
      // The listener goes when the task settles: one signal may outlive many tasks (a job runner's).
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const pending: PendingTask = {
        id: this.nextId++,
        task,
        input,
        transfer,
        limits,
        resolve: (output) => {
          settled();
          resolve(output);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.dispatch();
    });
  }

  private abort(pending: PendingTask): void {
    const waiting = this.queue.indexOf(pending);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      pending.reject(new SandboxError('crash', sandboxStopped));
      return;
    }
    const slot = [...this.slots].find((s) => s.task === pending);
    if (slot) void this.retire(slot, new SandboxError('crash', sandboxStopped));
  }

  /** Terminates every worker; tasks running or waiting fail with reason 'crash'. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.reject(new SandboxError('crash', sandboxStopped));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new SandboxError('crash', sandboxStopped))));
  }

  /**
   * Starts every worker the pool may keep, ahead of the first task, each loading the modules
   * of `tasks`: a worker's start (its loader, then a reader such as libxml2's WebAssembly)
   * takes a second or more of CPU, which the first documents after a server's start would
   * otherwise wait for.
   */
  warm(memoryMb: number, tasks: string[]): void {
    while (!this.closed && this.slots.size < this.options.size) this.spawn(memoryMb, tasks);
  }

  /** Workers alive now (for tests of the pool's bounds). */
  get workerCount(): number {
    return this.slots.size;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      const idle = [...this.slots].filter((s) => !s.task);
      let slot = idle.find((s) => s.memoryMb === next.limits.memoryMb);
      if (!slot && this.slots.size >= this.options.size && idle[0]) {
        // A worker's heap limit is fixed at its start: an idle one of another size makes way.
        void this.drop(idle[0]);
      }
      if (!slot && this.slots.size < this.options.size) slot = this.spawn(next.limits.memoryMb, [next.task]);
      if (!slot) return;
      this.queue.shift();
      slot.task = next;
      // A worker with a task keeps the process alive; an idle one does not.
      slot.worker.ref();
      if (slot.ready) this.start(slot);
    }
  }

  private spawn(memoryMb: number, preload: string[]): Slot {
    const worker = new Worker(bootstrap, {
      execArgv: [],
      workerData: { registryUrl: this.options.registryUrl, preload, background: this.options.background } satisfies WorkerStart,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, memoryMb, ready: false, task: null, timer: null };
    this.slots.add(slot);
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new SandboxError('memory', memoryLimitPassed(slot.memoryMb))
          : new SandboxError('crash', workerCrashed);
      void this.retire(slot, failure);
    });
    worker.on('exit', () => void this.retire(slot, new SandboxError('crash', workerCrashed)));
    worker.unref();
    return slot;
  }

  /** Sends the slot's task to its worker; its clock starts when the worker has its module loaded (onMessage). */
  private start(slot: Slot): void {
    const task = slot.task!;
    const message: TaskMessage = { id: task.id, task: task.task, input: task.input, maxOutputBytes: task.limits.maxOutputBytes };
    slot.worker.postMessage(message, task.transfer);
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.kind === 'ready') {
      slot.ready = true;
      if (slot.task) this.start(slot);
      return;
    }
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    if (message.kind === 'started') {
      // Loading our own module is not the file's doing: the limit times the reading alone.
      slot.timer = setTimeout(() => void this.retire(slot, new SandboxError('time', timeLimitPassed(task.limits.timeMs))), task.limits.timeMs);
      return;
    }
    this.release(slot);
    if (message.kind === 'done') {
      let output: unknown;
      try {
        output = deserialize(message.output);
      } catch {
        output = new SandboxError('crash', workerCrashed);
      }
      if (output instanceof SandboxError) task.reject(output);
      else task.resolve(output);
    } else {
      task.reject(new SandboxError(message.reason, message.message, message.details));
    }
    this.dispatch();
  }

  /** The slot's task is over: its clock stops and an idle worker no longer keeps the process alive. */
  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
  }

  /** Drops a worker for good (killed, dead or closed), fails the task it held, and lets the queue move on. */
  private async retire(slot: Slot, failure: SandboxError): Promise<void> {
    const task = slot.task;
    const terminated = this.drop(slot);
    if (!terminated) return;
    task?.reject(failure);
    if (!this.closed) this.dispatch();
    await terminated;
  }

  /** Takes a worker out of the pool and terminates it; null when it was out already. */
  private drop(slot: Slot): Promise<number> | null {
    if (!this.slots.delete(slot)) return null;
    this.release(slot);
    return slot.worker.terminate();
  }
}
