import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobHandler } from '../../server/jobs/job-context';
import { enqueueJob } from '../../server/jobs/queue';
import { jobsQueued, startJobRunner } from '../../server/jobs/runner';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The app's own runner would claim the test's jobs too: only the runner under test runs.
  await t.app.jobRunner.stop();
});
afterAll(() => t.close());

describe('the job runner: woken when this process queues a job', () => {
  it('runs a job as soon as it is said to be queued, without waiting for its next poll', async () => {
    // The poll's timer never fires in this test: only the wake can start the job.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const events: string[] = [];
    const handler: JobHandler = async () => {
      events.push('ran');
      return null;
    };
    const runner = startJobRunner({ db: t.db, config: t.config }, { 'test-wake': handler });
    try {
      const queue = () => t.db.transaction().execute((trx) => enqueueJob(trx, { orgKey: 'UNIWESTMERE1', kind: 'test-wake', payload: {} }));
      await queue();
      for (let i = 0; i < 50; i++) await nextTurn();
      // Queued without a word: it waits for the poll.
      expect(events).toEqual([]);
      jobsQueued();
      while (events.length < 1) await nextTurn();
      // Queued and said so: it runs at once, and so does the next one.
      await queue();
      jobsQueued();
      while (events.length < 2) await nextTurn();
      expect(events).toEqual(['ran', 'ran']);
      // The handler has returned, but the runner writes its outcome after: wait for the drain under way.
      await runner.runPending();
      const states = await t.db.selectFrom('jobs').select('state').where('kind', '=', 'test-wake').execute();
      expect(states.map((s) => s.state)).toEqual(['done', 'done']);
    } finally {
      await runner.stop();
      vi.useRealTimers();
    }
  });
});
