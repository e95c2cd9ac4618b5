import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ipType, networkList } from '../http/networks';

/** The same words for every refusal and every network failure: the answer must not map internal ports or names. */
export const UNREACHABLE = 'The cXML endpoint could not be reached';

/**
 * Addresses that are not on the public internet (RFC 6890 special-purpose blocks):
 * a cXML endpoint may point there only when the operator allows that network.
 */
const NOT_PUBLIC_V4 = new BlockList();
// A separate list for IPv6: BlockList matches IPv4 addresses against IPv6 rules as IPv4-mapped addresses.
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');
}

export interface EndpointPolicy {
  /** True when the address may be connected to. */
  allows(address: string): boolean;
}

export function endpointPolicy(allowedNetworks: string[]): EndpointPolicy {
  const allowed = networkList(allowedNetworks);
  return {
    allows(address) {
      if (!isIP(address)) return false;
      const type = ipType(address);
      if (allowed.check(address, type)) return true;
      // IPv4-mapped IPv6 addresses (::ffff:0:0/96) are in the IPv6 list: never public by that spelling.
      return !(type === 'ipv4' ? NOT_PUBLIC_V4 : NOT_PUBLIC_V6).check(address, type);
    },
  };
}

/** Only http and https URLs without credentials in them; anything else is refused before any lookup. */
export function endpointUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url;
}

/**
 * A `lookup` for http.request that resolves the name and hands the socket only an
 * address the policy allows: the address checked is the address connected to, so a
 * name cannot resolve to a public address for the check and a private one for the call.
 */
export function guardedLookup(policy: EndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = addresses.filter((a) => policy.allows(a.address));
      if (usable.length === 0 || usable.length !== addresses.length) {
        return callback(Object.assign(new Error('address not allowed'), { code: 'EADDRNOTALLOWED' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
