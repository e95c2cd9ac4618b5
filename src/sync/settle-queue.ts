import type { FieldIssue } from '../domain/messages';
import { syncTables } from './all-tables';
import { acknowledge, markFailed, postpone } from './settle';
import type { SyncDb } from './store-schema';

/** What the server said of one entry, as the outbox records it. */
export type Outcome =
  | { kind: 'ack'; id: string; answer: unknown }
  | { kind: 'failed'; id: string; errors: string[]; fieldErrors?: FieldIssue[] }
  | { kind: 'postpone'; id: string; attempts: number; at: number };

/**
 * Records the drain's outcomes in the order the server gave them, while the drain
 * already sends the next batch: the local writes leave the network's critical path.
 * Outcomes that arrive while a write is running are committed together in the next
 * transaction (group commit), and a run of acknowledgements is settled as one group.
 *
 * Safe because nothing later in the outbox depends on an earlier outcome being written:
 * paths never carry temporary keys (such rows cannot be edited before they are saved),
 * and if the tab dies before a write, the entry is sent again and the server answers
 * it from its Idempotency-Key.
 */
export class SettleQueue {
  private queued: Outcome[] = [];
  private running: Promise<void> | null = null;
  private failure: unknown = null;

  constructor(private readonly db: SyncDb) {}

  /** Queues an outcome; it is committed after every outcome queued before it. */
  push(outcome: Outcome): void {
    this.throwIfFailed();
    this.queued.push(outcome);
    this.running ??= this.run();
  }

  /** Waits until every queued outcome is committed; rethrows a failed commit (e.g. QuotaExceededError). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }

  private async run(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0);
        // The settle functions open their own transactions; inside this one they join it.
        // The scope is declared async itself, as Dexie needs to follow native awaits.
        await this.db.transaction('rw', syncTables(this.db), async () => {
          await this.settle(batch);
        });
      }
    } catch (error) {
      this.failure = error;
      this.queued = [];
    } finally {
      this.running = null;
    }
  }

  private async settle(batch: Outcome[]): Promise<void> {
    for (let i = 0; i < batch.length; ) {
      const outcome = batch[i]!;
      if (outcome.kind === 'ack') {
        let end = i;
        while (end < batch.length && batch[end]!.kind === 'ack') end++;
        await acknowledge(
          this.db,
          batch.slice(i, end).map((o) => ({ id: o.id, answer: (o as Extract<Outcome, { kind: 'ack' }>).answer })),
        );
        i = end;
        continue;
      }
      if (outcome.kind === 'failed') await markFailed(this.db, outcome.id, outcome.errors, outcome.fieldErrors);
      else await postpone(this.db, outcome.id, outcome.attempts, outcome.at);
      i++;
    }
  }
}
