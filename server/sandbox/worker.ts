import { serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from './background-priority';
import type { TaskMessage, WorkerMessage, WorkerStart } from './worker-protocol';
import { outputTooLarge } from './sandbox-messages';
import { TaskRefusal } from './sandbox-error';

/**
 * The body of a sandbox worker thread: runs one task at a time for the pool. The answer
 * is serialised here, so its size is measured before a single byte of it reaches the
 * main thread, and sent as one transferred buffer.
 */
type Task = (input: unknown) => Promise<unknown>;

const port = parentPort;
if (!port) throw new Error('server/sandbox/worker.ts runs only as a worker thread');
const { registryUrl, preload, background } = workerData as WorkerStart;
const { sandboxTasks } = (await import(registryUrl)) as { sandboxTasks: Record<string, () => Promise<Task>> };

const loaded = new Map<string, Promise<Task>>();

/** A task, its module imported the first time this worker runs it; null for a name the registry lacks. */
function taskNamed(name: string): Promise<Task> | null {
  if (!Object.hasOwn(sandboxTasks, name)) return null;
  let task = loaded.get(name);
  if (!task) {
    task = sandboxTasks[name]!();
    loaded.set(name, task);
  }
  return task;
}

// The modules of the tasks it was started for load at the process's priority: documents
// already wait for this worker, and a loaded machine starved a start at a lower one for
// tens of seconds. A background worker's tasks (and modules loaded later) run below.
await Promise.all(preload.map((name) => taskNamed(name)));
if (background) runInBackground();

const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function refusal(error: unknown): { message: string; details: unknown } {
  if (error instanceof TaskRefusal) return { message: error.message, details: error.details };
  const text = error instanceof Error ? error.message : String(error);
  return { message: `The file could not be read: ${text}`, details: null };
}

port.on('message', (message: TaskMessage) => {
  void (async () => {
    try {
      const task = await taskNamed(message.task);
      if (!task) throw new Error(`no sandbox task is named ${message.task}`);
      send({ kind: 'started', id: message.id });
      const bytes = serialize(await task(message.input));
      if (bytes.byteLength > message.maxOutputBytes) {
        send({ kind: 'refused', id: message.id, reason: 'output', message: outputTooLarge(message.maxOutputBytes), details: null });
        return;
      }
      // A fresh copy owns its whole buffer, so it can be transferred instead of copied again.
      const output = new Uint8Array(bytes);
      send({ kind: 'done', id: message.id, output }, [output.buffer]);
    } catch (error) {
      send({ kind: 'refused', id: message.id, reason: 'task', ...refusal(error) });
    }
  })();
});

send({ kind: 'ready' });
