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
const { registryUrl } = workerData as WorkerStart;
const { sandboxTasks } = (await import(registryUrl)) as { sandboxTasks: Record<string, Task> };
// Started at the process's priority: documents already wait for this worker, and a loaded
// machine would starve a start at a lower one for tens of seconds. Its tasks run below.
runInBackground();

const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function refusal(error: unknown): { message: string; details: unknown } {
  if (error instanceof TaskRefusal) return { message: error.message, details: error.details };
  const text = error instanceof Error ? error.message : String(error);
  return { message: `The file could not be read: ${text}`, details: null };
}

port.on('message', (message: TaskMessage) => {
  void (async () => {
    const task = Object.hasOwn(sandboxTasks, message.task) ? sandboxTasks[message.task] : undefined;
    try {
      if (!task) throw new Error(`no sandbox task is named ${message.task}`);
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
