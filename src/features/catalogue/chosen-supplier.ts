import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { createStoredValue } from '../../local/storage/stored-value';
import { supplierSchema, type Supplier } from '../../domain/schemas/catalogue';

/** The buyer's chosen supplier survives a reload: kept per buying organisation in local storage. */
const stores = new Map<string, ReturnType<typeof createStoredValue<Supplier | null>>>();

function storeFor(buyerId: string) {
  let store = stores.get(buyerId);
  if (!store) {
    store = createStoredValue<Supplier | null>(`catalogue.supplier.${buyerId}`, supplierSchema.nullable() as z.ZodType<Supplier | null>, null);
    stores.set(buyerId, store);
  }
  return store;
}

export function useChosenSupplier(buyerId: string): [Supplier | null, (supplier: Supplier | null) => void] {
  const store = storeFor(buyerId);
  const supplier = useSyncExternalStore(store.subscribe, store.get);
  return [supplier, store.set];
}
