import { TaskRefusal } from '../../../server/sandbox/sandbox-error';

/**
 * Tasks that misbehave on purpose, for the sandbox pool's tests: the pool loads this
 * registry instead of the real one, so hostile code never sits among the server's tasks.
 */
const tasks = {
  echo: async (input: { text: string }) => ({ echoed: input.text }),
  loop: async (_input: null) => {
    for (;;) {
      // Spins without ever yielding: only terminating the thread stops it.
    }
  },
  eatMemory: async (_input: null) => {
    const held: Array<{ n: number; s: string }> = [];
    for (let i = 0; ; i++) held.push({ n: i, s: `row ${i}` });
  },
  /** The sum of the bytes given, which the worker can read only if they arrived. */
  sum: async (input: { bytes: Uint8Array }) => ({ length: input.bytes.byteLength, sum: input.bytes.reduce((a, b) => a + b, 0) }),
  bigOutput: async (input: { bytes: number }) => ({ text: 'x'.repeat(input.bytes) }),
  refuse: async (_input: null) => {
    throw new TaskRefusal('Row 2: price must be a number', { errors: ['Row 2: price must be a number'] });
  },
  /** The nice value of the worker's own thread (Linux), null where a thread has none of its own. */
  priority: async (_input: null) => {
    const { readlinkSync } = await import('node:fs');
    const { getPriority } = await import('node:os');
    try {
      return { nice: getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())) };
    } catch {
      return { nice: null };
    }
  },
  die: async (_input: null) => {
    process.exit(3);
  },
  /** Whether the module of the task `marked` was loaded in this worker. */
  markerLoaded: async (_input: null) => ({ loaded: (globalThis as { sandboxMarker?: boolean }).sandboxMarker === true }),
} satisfies Record<string, (input: never) => Promise<unknown>>;

/** The registry's shape (server/sandbox/tasks/index.ts): each task as the import of its module. */
export const sandboxTasks = {
  ...Object.fromEntries(Object.entries(tasks).map(([name, task]) => [name, async () => task])),
  /** A task whose module leaves a mark where it is loaded. */
  marked: async () => {
    (globalThis as { sandboxMarker?: boolean }).sandboxMarker = true;
    return async (_input: null) => ({ marked: true });
  },
  /** A task whose module takes 1.5 s to load: its time limit starts once it is loaded. */
  slowToLoad: async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return async (_input: null) => ({ loaded: true });
  },
};
