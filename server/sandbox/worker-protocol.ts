/** What the pool and a worker say to each other (structured-cloned across the thread). */
export interface TaskMessage {
  id: number;
  task: string;
  input: unknown;
  maxOutputBytes: number;
}

export type WorkerMessage =
  | { kind: 'ready' }
  /** The task's module is loaded and the task runs now: its time limit starts. */
  | { kind: 'started'; id: number }
  | { kind: 'done'; id: number; output: Uint8Array }
  | { kind: 'refused'; id: number; reason: 'output' | 'task'; message: string; details: unknown };

/** What a worker is started with. */
export interface WorkerStart {
  /** The module whose `sandboxTasks` export names every task the worker may run. */
  registryUrl: string;
  /** Tasks whose modules it loads before it says it is ready, at the process's priority. */
  preload: string[];
  /** Its tasks run below the priority of the thread that answers users. */
  background: boolean;
}
