import { expect } from 'vitest';
import { jobSchema } from '../../../src/domain/schemas/jobs';
import type { TestApp } from './test-app';

/** A buyer of another organisation, whose requests an import must never hold up. */
const OTHER = 'buyer@northgate.demo.test';
const OTHER_ORG = 'UNINORTHGATE';

/**
 * Runs the queued jobs while another buyer lists orders and changes a setting; answers
 * the order things finished in and the job as its owner sees it.
 */
export async function runBeside(t: TestApp, orgKey: string, owner: string, jobId: number) {
  const events: string[] = [];
  const running = t.app.jobRunner.runPending().then(() => events.push('job'));
  const read = await t.as(OTHER, { method: 'GET', url: `/api/buyer/${OTHER_ORG}/order?offset=0&limit=20` });
  events.push('read');
  const write = await t.as(OTHER, { method: 'POST', url: `/api/buyer/${OTHER_ORG}`, payload: { taxCodeMapping: { taxableCode: 'GST', nonTaxableCode: 'FRE' } } });
  events.push('write');
  expect(read.statusCode).toBe(200);
  expect(write.statusCode).toBeLessThan(300);
  await running;
  const res = await t.as(owner, { method: 'GET', url: `/api/org/${orgKey}/job/${jobId}` });
  return { events, job: jobSchema.parse(res.json()) };
}
