import { z } from 'zod';
import { orgUrl } from './org-path';
import { IDEMPOTENCY_HEADER, request } from './request';

/** New SSCCs for the supplier's packages, reserved while online so a tablet can label packages offline. */
export function reserveSsccs(sellerId: string, count: number): Promise<string[]> {
  return request('POST', orgUrl('seller', sellerId, '/sscc'), {
    schema: z.object({ ssccs: z.array(z.string()) }),
    json: { count },
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  }).then((answer) => answer.ssccs);
}
