import type { z } from 'zod';
import { supplierSchema, type Supplier } from '../../domain/schemas/catalogue';
import { createStoredValue, useStoredValue, type StoredValue } from '../../local/storage/stored-value';

/** The buyer's chosen supplier survives a reload: kept per buying organisation in local storage. */
const stores = new Map<string, StoredValue<Supplier | null>>();

function storeFor(buyerId: string): StoredValue<Supplier | null> {
  let store = stores.get(buyerId);
  if (!store) {
    store = createStoredValue<Supplier | null>(`catalogue.supplier.${buyerId}`, supplierSchema.nullable() as z.ZodType<Supplier | null>, null);
    stores.set(buyerId, store);
  }
  return store;
}

export function useChosenSupplier(buyerId: string): [Supplier | null, (supplier: Supplier | null) => void] {
  const store = storeFor(buyerId);
  return [useStoredValue(store), store.set];
}
