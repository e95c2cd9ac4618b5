import { DEFAULT_SANDBOX_LIMITS, SANDBOX_POOL_SIZE, type SandboxLimits } from './limits';
import { SandboxPool } from './pool';
import type { SandboxTasks } from './tasks/index';

export type { SandboxLimits } from './limits';
export { SandboxError } from './sandbox-error';

let pool: SandboxPool | null = null;

export interface SandboxRunOptions {
  /** Aborting it (the server is stopping) fails the task at once and terminates its worker. */
  signal?: AbortSignal;
}

function poolOf(): SandboxPool {
  pool ??= new SandboxPool({ registryUrl: new URL('./tasks/index.ts', import.meta.url).href, size: SANDBOX_POOL_SIZE });
  return pool;
}

/**
 * Starts the sandbox's workers now (the server has started) with the cXML reader loaded, so
 * the first orders partners post do not wait for them; mail, read in the background, loads
 * its readers on first use.
 */
export function warmSandbox(): void {
  poolOf().warm(DEFAULT_SANDBOX_LIMITS.memoryMb, ['read-cxml']);
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
  return poolOf().run(task, input, limitsOfTask, options?.signal) as Promise<Awaited<ReturnType<SandboxTasks[K]>>>;
}

/** Terminates the sandbox's workers (the server is stopping); a later task starts new ones. */
export async function stopSandbox(): Promise<void> {
  const stopping = pool;
  pool = null;
  await stopping?.close();
}
