/** What the pool and a worker say to each other (structured-cloned across the thread). */
export interface TaskMessage {
  id: number;
  task: string;
  input: unknown;
  maxOutputBytes: number;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; output: Uint8Array }
  | { kind: 'refused'; id: number; reason: 'output' | 'task'; message: string; details: unknown };

/** What a worker is started with. */
export interface WorkerStart {
  /** The module whose `sandboxTasks` export names every task the worker may run. */
  registryUrl: string;
}
