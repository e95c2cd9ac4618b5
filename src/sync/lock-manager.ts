/**
 * The part of the Web Locks API the engine uses. Browsers hand in `navigator.locks`;
 * Node (tests, benchmarks) has none, so `createMemoryLockManager` stands in with the
 * same semantics inside one process: exclusive, FIFO, `steal` takes the lock from
 * its holder (whose request rejects with an AbortError), `signal` leaves the queue.
 */
interface LockOptions {
  steal?: boolean;
  signal?: AbortSignal;
}

export interface LockManagerLike {
  request<T>(name: string, options: LockOptions, callback: () => Promise<T>): Promise<T>;
}

interface Waiter {
  grant: () => void;
  reject: (error: unknown) => void;
}

interface Held {
  reject: (error: unknown) => void;
}

const abortError = () => new DOMException('The lock request was aborted', 'AbortError');

export function createMemoryLockManager(): LockManagerLike {
  const holders = new Map<string, Held>();
  const queues = new Map<string, Waiter[]>();

  const release = (name: string, held: Held) => {
    if (holders.get(name) !== held) return;
    holders.delete(name);
    queues.get(name)?.shift()?.grant();
  };

  return {
    request<T>(name: string, options: LockOptions, callback: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (options.signal?.aborted) return reject(abortError());
        const held: Held = { reject };
        const run = () => {
          holders.set(name, held);
          callback().then(
            (value) => {
              release(name, held);
              resolve(value);
            },
            (error: unknown) => {
              release(name, held);
              reject(error);
            },
          );
        };

        if (options.steal) {
          const current = holders.get(name);
          holders.delete(name);
          current?.reject(abortError());
          return run();
        }
        if (!holders.has(name)) return run();

        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        const waiter: Waiter = { grant: run, reject };
        queue.push(waiter);
        options.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          reject(abortError());
        });
      });
    },
  };
}

/** `navigator.locks` where there is one (every current browser, in windows and workers). */
export function defaultLockManager(): LockManagerLike {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks ?? createMemoryLockManager();
}
