import { DEFAULT_SANDBOX_LIMITS, SANDBOX_POOL_SIZE, type SandboxLimits } from './limits';
import { SandboxPool } from './pool';
import type { SandboxTasks } from './tasks/index';

export type { SandboxLimits } from './limits';
export { SandboxError } from './sandbox-error';

/**
 * Who waits for a task. 'background': nobody on an open connection (jobs: mail, invoices,
 * price files), so its workers run below the thread that answers users. 'request': a client
 * waits on its request for the answer (a partner's cXML post), so its workers run at that
 * thread's priority (niced, they lost the CPU to the very requests waiting for them), and
 * they hold only the readers of such tasks (a lean heap collects in a few milliseconds).
 */
type SandboxLane = 'background' | 'request';

const pools = new Map<SandboxLane, SandboxPool>();

export interface SandboxRunOptions {
  /** Aborting it (the server is stopping) fails the task at once and terminates its worker. */
  signal?: AbortSignal;
  /** 'background' unless said. */
  lane?: SandboxLane;
  /**
   * Buffers of the input to move to the worker instead of copying them, which left unusable
   * here: the structured clone of a 28 KB document cost 30 to 110 µs of the main thread, a
   * transfer about 10.
   */
  transfer?: ArrayBuffer[];
}

function poolOf(lane: SandboxLane): SandboxPool {
  let pool = pools.get(lane);
  if (!pool) {
    pool = new SandboxPool({ registryUrl: new URL('./tasks/index.ts', import.meta.url).href, size: SANDBOX_POOL_SIZE, background: lane === 'background' });
    pools.set(lane, pool);
  }
  return pool;
}

/**
 * Starts the request lane's workers now (the server has started) with the cXML reader
 * loaded, so the first orders partners post do not wait for them; mail, read in the
 * background, starts its workers and loads its readers on first use.
 */
export function warmSandbox(): void {
  poolOf('request').warm(DEFAULT_SANDBOX_LIMITS.memoryMb, ['read-cxml']);
}

/**
 * Runs one task of the registry (`server/sandbox/tasks/index.ts`) in a sandbox worker
 * thread, under the default limits or tighter (or looser) ones the caller gives. Rejects
 * with `SandboxError`; a worker that passed a limit is terminated and replaced.
 */
export function runSandboxed<K extends keyof SandboxTasks>(
  task: K,
  input: Parameters<SandboxTasks[K]>[0],
  limits?: Partial<SandboxLimits>,
  options?: SandboxRunOptions,
): Promise<Awaited<ReturnType<SandboxTasks[K]>>> {
  const limitsOfTask = { ...DEFAULT_SANDBOX_LIMITS, ...limits };
  return poolOf(options?.lane ?? 'background').run(task, input, limitsOfTask, options?.signal, options?.transfer) as Promise<Awaited<ReturnType<SandboxTasks[K]>>>;
}

/** Terminates the sandbox's workers (the server is stopping); a later task starts new ones. */
export async function stopSandbox(): Promise<void> {
  const stopping = [...pools.values()];
  pools.clear();
  await Promise.all(stopping.map((pool) => pool.close()));
}
