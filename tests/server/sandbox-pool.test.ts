import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from '../../server/sandbox/limits';
import { SandboxPool } from '../../server/sandbox/pool';
import { SandboxError } from '../../server/sandbox/sandbox-error';
import { createTestApp } from './helpers/test-app';

const registryUrl = new URL('./helpers/sandbox-test-tasks.ts', import.meta.url).href;
const pool = new SandboxPool({ registryUrl, size: 2, background: true });
afterAll(() => pool.close());

const limits = (l: Partial<SandboxLimits> = {}): SandboxLimits => ({ ...DEFAULT_SANDBOX_LIMITS, timeMs: 5_000, memoryMb: 64, ...l });

/** The failure a promise rejects with, or a test failure if it resolves. */
async function failure(promise: Promise<unknown>): Promise<SandboxError> {
  const error: unknown = await promise.then(
    () => new Error('expected the task to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SandboxError);
  return error as SandboxError;
}

describe('the sandbox pool', () => {
  it('runs a TypeScript task in a worker thread and answers its output', async () => {
    await expect(pool.run('echo', { text: 'hello' }, limits())).resolves.toEqual({ echoed: 'hello' });
  });

  it('moves the buffers it is told to the worker instead of copying them', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await expect(pool.run('sum', { bytes }, limits(), undefined, [bytes.buffer])).resolves.toEqual({ length: 4, sum: 256 });
    // Moved: this thread's buffer is detached.
    expect(bytes.byteLength).toBe(0);
    const kept = new Uint8Array([7, 8]);
    await expect(pool.run('sum', { bytes: kept }, limits())).resolves.toEqual({ length: 2, sum: 15 });
    expect(kept.byteLength).toBe(2);
  });

  it('reads files below the priority of the event loop that answers users (Linux: the worker thread is niced, the process is not)', async () => {
    const { nice } = (await pool.run('priority', null, limits())) as { nice: number | null };
    if (nice === null) return;
    expect(nice).toBeGreaterThan(getPriority());
  });

  it('reads a document a client waits for at the priority of the event loop (a pool that is not background)', async () => {
    const requests = new SandboxPool({ registryUrl, size: 1, background: false });
    try {
      const { nice } = (await requests.run('priority', null, limits())) as { nice: number | null };
      if (nice === null) return;
      expect(nice).toBe(getPriority());
    } finally {
      await requests.close();
    }
  });

  it('terminates a task that never yields, while the main thread keeps answering requests', async () => {
    const t = await createTestApp();
    try {
      const events: string[] = [];
      const looping = failure(pool.run('loop', null, limits({ timeMs: 3_000 }))).then((error) => {
        events.push('loop stopped');
        return error;
      });
      const answer = await t.as('buyer@uni.demo.test', { method: 'GET', url: '/api/buyer/UNIWESTMERE1/category-tree' });
      events.push('request answered');
      expect(answer.statusCode).toBe(200);
      const error = await looping;
      expect(events).toEqual(['request answered', 'loop stopped']);
      expect(error.reason).toBe('time');
      expect(error.message).toBe('Reading the file took longer than the limit of 3 seconds, so it was stopped.');
    } finally {
      await t.close();
    }
  });

  it('stops a task that eats memory past its heap limit', async () => {
    const error = await failure(pool.run('eatMemory', null, limits({ memoryMb: 32 })));
    expect(error.reason).toBe('memory');
    expect(error.message).toBe('Reading the file needed more than the limit of 32 MiB of memory, so it was stopped.');
  });

  it('refuses an answer past the output cap inside the worker', async () => {
    const error = await failure(pool.run('bigOutput', { bytes: 2 * 1024 * 1024 }, limits({ maxOutputBytes: 1024 * 1024 })));
    expect(error.reason).toBe('output');
    expect(error.message).toBe('The file holds more data than the limit of 1 MiB that one file may give.');
    await expect(pool.run('bigOutput', { bytes: 10 }, limits({ maxOutputBytes: 1024 }))).resolves.toEqual({ text: 'x'.repeat(10) });
  });

  it("passes a task's refusal on with its details", async () => {
    const error = await failure(pool.run('refuse', null, limits()));
    expect(error.reason).toBe('task');
    expect(error.message).toBe('Row 2: price must be a number');
    expect(error.details).toEqual({ errors: ['Row 2: price must be a number'] });
  });

  it('fails a task whose worker dies, and names an unknown task', async () => {
    expect((await failure(pool.run('die', null, limits()))).reason).toBe('crash');
    const unknown = await failure(pool.run('nothing', null, limits()));
    expect(unknown.reason).toBe('task');
  });

  it('replaces killed workers and never holds more than its size', async () => {
    const killed = [0, 1, 2].map(() => failure(pool.run('loop', null, limits({ timeMs: 1_000 }))));
    expect(pool.workerCount).toBeLessThanOrEqual(2);
    const after = pool.run('echo', { text: 'after' }, limits());
    for (const error of await Promise.all(killed)) expect(error.reason).toBe('time');
    await expect(after).resolves.toEqual({ echoed: 'after' });
    expect(pool.workerCount).toBeLessThanOrEqual(2);
  });

  it('starts every worker ahead of the first task when warmed, and runs tasks on them without starting more', async () => {
    const warmed = new SandboxPool({ registryUrl, size: 2, background: true });
    try {
      expect(warmed.workerCount).toBe(0);
      warmed.warm(64, ['echo']);
      expect(warmed.workerCount).toBe(2);
      const answers = await Promise.all(['a', 'b', 'c'].map((text) => warmed.run('echo', { text }, limits())));
      expect(answers).toEqual([{ echoed: 'a' }, { echoed: 'b' }, { echoed: 'c' }]);
      expect(warmed.workerCount).toBe(2);
    } finally {
      await warmed.close();
    }
  });

  it('loads a task\'s module in a worker only when the worker first runs that task', async () => {
    const one = new SandboxPool({ registryUrl, size: 1, background: true });
    try {
      await expect(one.run('markerLoaded', null, limits())).resolves.toEqual({ loaded: false });
      await expect(one.run('marked', null, limits())).resolves.toEqual({ marked: true });
      await expect(one.run('markerLoaded', null, limits())).resolves.toEqual({ loaded: true });
    } finally {
      await one.close();
    }
  });

  it('times a task from when its module is loaded: loading the reader is not the file\'s doing', async () => {
    const one = new SandboxPool({ registryUrl, size: 1, background: true });
    try {
      await expect(one.run('echo', { text: 'started' }, limits())).resolves.toEqual({ echoed: 'started' });
      await expect(one.run('slowToLoad', null, limits({ timeMs: 1_000 }))).resolves.toEqual({ loaded: true });
      expect((await failure(one.run('loop', null, limits({ timeMs: 1_000 })))).reason).toBe('time');
    } finally {
      await one.close();
    }
  });

  it('fails running and waiting tasks when it closes', async () => {
    const other = new SandboxPool({ registryUrl, size: 1, background: true });
    const running = failure(other.run('loop', null, limits()));
    const waiting = failure(other.run('echo', { text: 'never' }, limits()));
    await other.close();
    expect((await running).reason).toBe('crash');
    expect((await waiting).reason).toBe('crash');
    expect((await failure(other.run('echo', { text: 'late' }, limits()))).reason).toBe('crash');
  });
});

describe('a signal shared by many tasks', () => {
  it('keeps no listener of a settled task, and aborting it fails only the task still running', async () => {
    const stopping = new AbortController();
    let listeners = 0;
    const signal = stopping.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners++;
      add(...args);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listeners--;
      remove(...args);
    }) as typeof signal.removeEventListener;
    for (let i = 0; i < 3; i++) await expect(pool.run('echo', { text: `${i}` }, limits(), signal)).resolves.toEqual({ echoed: `${i}` });
    expect(listeners).toBe(0);
    const looping = failure(pool.run('loop', null, limits(), signal));
    stopping.abort();
    expect((await looping).reason).toBe('crash');
    await expect(pool.run('echo', { text: 'after' }, limits())).resolves.toEqual({ echoed: 'after' });
  });
});
