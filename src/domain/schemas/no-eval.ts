import { config } from 'zod/mini';

/*
 * zod compiles fast object parsers with `new Function` after probing whether eval is
 * allowed; the portal's Content-Security-Policy forbids eval, so in the browser the
 * probe itself is a policy violation. The browser entries import this module first,
 * before any schema is used, which turns the compiler off (for full zod and zod/mini
 * alike: they share one configuration).
 */
config({ jitless: true });
