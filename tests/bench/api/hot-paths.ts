import type { HotPath } from './load';

export const BUYER = 'UNIWESTMERE1';
const SELLER = 'SUPACMESCI01';
export const USERNAME = 'buyer@uni.demo.test';

/** The reads every tablet makes on reconnecting, as the buyer's screens make them. */
export const HOT_PATHS: HotPath[] = [
  { name: 'order list, 20 rows', path: `/api/buyer/${BUYER}/order?offset=0&limit=20` },
  { name: "buyer's product page, 20 products", path: `/api/buyer/${BUYER}/seller/${SELLER}/product?limit=20` },
  { name: 'changes feed, 200 rows', path: `/api/sync/buyer/${BUYER}/changes?since=0&limit=200` },
];
