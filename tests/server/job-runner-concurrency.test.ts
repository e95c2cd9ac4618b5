import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandler } from '../../server/jobs/job-context';
import { enqueueJob } from '../../server/jobs/queue';
import { startJobRunner } from '../../server/jobs/runner';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The app's own runner would claim the test's jobs too: only the runner under test runs.
  await t.app.jobRunner.stop();
});
afterAll(() => t.close());

describe('the job runner: kinds that may overlap, and kinds that run alone', () => {
  it('overlaps up to `parallel` jobs of an overlapping kind; a job of another kind waits for them and runs alone, in queue order', async () => {
    const events: string[] = [];
    const gates = new Map<string, () => void>();
    /** A job that starts, then ends only once the test (or a later job) lets it. */
    const held: JobHandler = async (_ctx, job) => {
      const name = String(job.payload.name);
      events.push(`start ${name}`);
      await new Promise<void>((resolve) => gates.set(name, resolve));
      events.push(`end ${name}`);
      return null;
    };
    const alone: JobHandler = async (_ctx, job) => {
      events.push(`alone ${String(job.payload.name)}`);
      return null;
    };
    const runner = startJobRunner({ db: t.db, config: t.config }, { 'test-overlap': held, 'test-alone': alone }, { kinds: new Set(['test-overlap']), parallel: 2 });
    try {
      await t.db.transaction().execute(async (trx) => {
        for (const [kind, name] of [['test-overlap', 'a'], ['test-overlap', 'b'], ['test-overlap', 'c'], ['test-alone', 'x'], ['test-overlap', 'd']] as const) {
          await enqueueJob(trx, { orgKey: 'UNIWESTMERE1', kind, payload: { name } });
        }
      });
      const drained = runner.runPending();
      const until = async (event: string) => {
        while (!events.includes(event)) await new Promise((r) => setTimeout(r, 5));
      };
      await until('start b');
      // a and b run side by side; c waits for a free place.
      expect(events).toEqual(['start a', 'start b']);
      gates.get('b')!();
      await until('start c');
      expect(events).toEqual(['start a', 'start b', 'end b', 'start c']);
      gates.get('a')!();
      await until('end a');
      // x runs alone: not while c still runs, and d (queued after it) not before it.
      await new Promise((r) => setTimeout(r, 50));
      expect(events).not.toContain('alone x');
      gates.get('c')!();
      await until('start d');
      expect(events.slice(-3)).toEqual(['end c', 'alone x', 'start d']);
      gates.get('d')!();
      await drained;
      const states = await t.db.selectFrom('jobs').select('state').where('kind', 'like', 'test-%').execute();
      expect(states.every((s) => s.state === 'done')).toBe(true);
    } finally {
      for (const open of gates.values()) open();
      await runner.stop();
    }
  });
});
