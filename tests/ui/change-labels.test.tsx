import { describe, expect, it } from 'vitest';
import { changeLabel } from '../../src/features/sync-status/change-labels';

describe("'Changes not sent' names a change for people", () => {
  it.each([
    ['buyer.invoiceMatching', { mode: '2-way' }, 'Invoice matching'],
    ['asn.receive', { shipmentId: 'PO-7-S1', lines: [] }, 'Receive shipment PO-7-S1'],
    ['invoice.correct', { header: {}, lines: [] }, 'Correct invoice'],
    ['org.otherProperty', { otherOrgUniqueKey: 'SUP-A', property: 'PREFERRED', value: 'yes' }, 'Account property PREFERRED'],
    ['pricelist.add', { name: 'Clinical' }, 'Add pricelist Clinical'],
    ['receivingEmail.add', { code: 'AP', emailAddress: 'ap@acme.test' }, 'Add receiving email ap@acme.test'],
    ['senderSource.edit', { identifier: 'acme.test' }, 'Edit sender source acme.test'],
  ])('%s', (kind, body, label) => {
    expect(changeLabel({ kind, body })).toBe(label);
  });
});
