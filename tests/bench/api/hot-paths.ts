import type { HotPath } from './load';

export const BUYER = 'UNIWESTMERE1';
const SELLER = 'SUPACMESCI01';
export const USERNAME = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
/** Cursors 0 to 299 of the demo buyer's feed: from each, a page of 200 rows or more (orders, ASNs, invoices; product meta from 0). */
const FEED_CURSORS = 300;

/** The reads every tablet makes on reconnecting, as the buyer's screens make them. */
export const HOT_PATHS: HotPath[] = [
  { name: 'order list, 20 rows', path: `/api/buyer/${BUYER}/order?offset=0&limit=20` },
  { name: "buyer's product page, 20 products", path: `/api/buyer/${BUYER}/seller/${SELLER}/product?limit=20` },
  { name: "supplier's product page, 20 products", path: `/api/seller/${SELLER}/product?limit=20`, username: SUPPLIER },
  { name: 'changes feed, 200 rows', path: `/api/sync/buyer/${BUYER}/changes?since=0&limit=200` },
  {
    // Tablets pull from cursors of their own: here a page repeats only after 15,000
    // requests, long after it is forgotten (server/sync/changes-answer.ts), so every
    // answer is built afresh.
    name: 'changes feed, 200-249 rows, a new cursor each time',
    path: `/api/sync/buyer/${BUYER}/changes?since=0&limit=200`,
    pathOf: (n) => `/api/sync/buyer/${BUYER}/changes?since=${n % FEED_CURSORS}&limit=${200 + (Math.floor(n / FEED_CURSORS) % 50)}`,
  },
  // The buyer's catalogue mirror: the plan, then chunks of the plan's size (the demo's
  // 2,000 products are one chunk). A tablet asks for a few chunks once per fill, so the
  // chunk is held to a fixed rate its size allows.
  { name: "buyer's fill plan", path: `/api/buyer/${BUYER}/seller/${SELLER}/products/fill` },
  { name: "buyer's fill chunk, 2,000 products", path: `/api/buyer/${BUYER}/seller/${SELLER}/products/fill/chunk`, rate: 30 },
];
