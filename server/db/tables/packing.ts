/**
 * Packing: the per-supplier counter of SSCC serial references. A serial is handed out
 * once, ever: the counter only moves forward, in one UPDATE, so processes sharing the
 * database never hand out the same one.
 */
interface SsccSerialsTable {
  seller_key: string;
  /** The next serial reference not yet handed out (bigint: a short company prefix leaves up to 12 digits). */
  next_serial: number | string;
}

export interface PackingTables {
  sscc_serials: SsccSerialsTable;
}
