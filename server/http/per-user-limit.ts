import { messages } from '../../src/domain/messages';
import { HttpError } from './errors';
import { TaskLimit } from './task-limit';

/**
 * At most `running` tasks of one user at once, `waiting` more queued behind them, and a
 * 429 (which the sync engine retries with backoff) beyond that: one user's parallel
 * loops of a heavy read take their own turns and never the server's whole attention
 * from everyone else. Per process; each process of a cluster keeps its own.
 */
class PerUserLimit {
  private readonly users = new Map<number, { limit: TaskLimit; tasks: number }>();

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  async run<T>(userNo: number, task: () => Promise<T>): Promise<T> {
    let entry = this.users.get(userNo);
    if (!entry) {
      entry = { limit: new TaskLimit(this.running), tasks: 0 };
      this.users.set(userNo, entry);
    }
    if (entry.tasks >= this.running + this.waiting) throw new HttpError(429, [messages.tooManyRequestsAtOnce]);
    entry.tasks++;
    try {
      return await entry.limit.run(task);
    } finally {
      if (--entry.tasks === 0) this.users.delete(userNo);
    }
  }
}

/** The changes feed: two pages of one user in the making at once, four waiting. */
export const changesFeedLimit = new PerUserLimit(2, 4);
