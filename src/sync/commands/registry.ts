import type { CommandDef } from './command';
import { collectionCommands, COLLECTIONS, SUPPORT_COLLECTIONS } from './collection-item';
import { correctInvoiceCommand } from './correct-invoice';
import { pricelistCommands, pricelistMappingCommand } from './pricelist';
import { markInvoiceReadCommand, markOrderReadCommand } from './set-fields';
import { receiveAsnCommand } from './receive-asn';
import { submitAsnCommand } from './submit-asn';
import {
  otherOrgPropertyCommand,
  productInclusionCommand,
  supplierCodeCommand,
  taxCodesCommand,
  uomMappingCommand,
  invoiceMatchingCommand,
} from './upsert-row';

const all: CommandDef[] = [
  markOrderReadCommand,
  markInvoiceReadCommand,
  correctInvoiceCommand,
  submitAsnCommand,
  receiveAsnCommand,
  productInclusionCommand,
  taxCodesCommand,
  invoiceMatchingCommand,
  supplierCodeCommand,
  otherOrgPropertyCommand,
  uomMappingCommand,
  pricelistCommands.add,
  pricelistCommands.edit,
  pricelistMappingCommand,
  ...[...Object.values(COLLECTIONS), ...Object.values(SUPPORT_COLLECTIONS)].flatMap((spec) => Object.values(collectionCommands(spec))),
];

const byKind = new Map(all.map((c) => [c.kind, c]));

/** Every kind of outbox entry; the overlay and the drain look commands up here. */
export function commandFor(kind: string): CommandDef {
  const command = byKind.get(kind);
  if (!command) throw new Error(`Unknown outbox entry kind: ${kind}`);
  return command;
}
