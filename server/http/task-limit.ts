/**
 * Runs at most `max` tasks at once; the others wait their turn in the order they came.
 * A task that finishes hands its place straight to the next one waiting.
 */
export class TaskLimit {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly max: number) {}

  /** Tasks waiting for a place (tests watch the bound through it). */
  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
