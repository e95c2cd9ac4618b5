/**
 * The Receive screen opened on one shipment (from its ASN view): the ASN's key in the
 * address's hash, which the router keeps without a search schema of its own.
 */
const PREFIX = 'asn-';

export const receiveHash = (asnKey: string) => `${PREFIX}${asnKey}`;

export const asnKeyOfHash = (hash: string): string | null => {
  const bare = hash.replace(/^#/, '');
  return bare.startsWith(PREFIX) && bare.length > PREFIX.length ? bare.slice(PREFIX.length) : null;
};
