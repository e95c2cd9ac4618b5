/**
 * The reservation of SSCCs for a supplier's packages: a call made at once while online,
 * never queued (a device packs offline from what it reserved). From src/api, which
 * features reach only through src/local.
 */
export { reserveSsccs } from '../../api/sscc-calls';
