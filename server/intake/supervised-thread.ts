/** A thread that serves until it exits (`exited` resolves with its exit code) or is stopped. */
export interface ServingThread {
  exited: Promise<number>;
  /** Asks it to finish and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Where exits and failed starts are told (the server's logger). */
export interface ErrorLog {
  error(details: object, message: string): void;
}

export interface RestartTiming {
  /** The wait before the first start again after a thread died or a start failed. */
  firstMs: number;
  /** Each failed start doubles the wait, up to this. */
  mostMs: number;
}

const RESTART_TIMING: RestartTiming = { firstMs: 100, mostMs: 30_000 };

export interface Supervised<T extends ServingThread> {
  /** The thread first started. */
  first: T;
  /** Stops the thread serving now (or the restarts under way) and starts no other. */
  close(): Promise<void>;
}

/**
 * Keeps a thread serving for as long as the process runs: one that exits unasked is
 * started again, and a start that fails (its port taken meanwhile, say) is tried again
 * after a wait that doubles, until one serves or `close` is called. Each exit and each
 * failed start is logged. The first start's failure is the caller's: nothing served yet.
 */
export async function superviseThread<T extends ServingThread>(
  start: () => Promise<T>,
  log: ErrorLog,
  what: string,
  timing: RestartTiming = RESTART_TIMING,
): Promise<Supervised<T>> {
  let closing = false;
  let wakeFromWait: () => void = () => undefined;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeFromWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const watch = (thread: T): T => {
    void thread.exited.then((code) => {
      if (closing) return;
      log.error({ exitCode: code }, `${what} exited: starting it again`);
      current = restart();
    });
    return thread;
  };

  const restart = async (): Promise<T | null> => {
    for (let pause = timing.firstMs; !closing; pause = Math.min(pause * 2, timing.mostMs)) {
      await wait(pause);
      if (closing) break;
      try {
        return watch(await start());
      } catch (error) {
        log.error({ err: error }, `${what} could not start again: trying again in ${Math.min(pause * 2, timing.mostMs)} ms`);
      }
    }
    return null;
  };

  const first = watch(await start());
  let current: Promise<T | null> = Promise.resolve(first);
  return {
    first,
    async close() {
      closing = true;
      wakeFromWait();
      await (await current)?.stop();
    },
  };
}
