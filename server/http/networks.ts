import { BlockList, isIP } from 'node:net';

/** Parses a setting that lists addresses or CIDR blocks, comma-separated (`10.1.0.0/16, 127.0.0.1`); a bad entry stops the start. */
export function parseNetworks(setting: string, value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    if (!family || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= max))) {
      throw new Error(`${setting}: ${entry} is not an address or a CIDR block`);
    }
  }
  return entries;
}

export const ipType = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The parsed entries as a BlockList, to ask whether an address is among them. */
export function networkList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) list.addAddress(address, ipType(address));
    else list.addSubnet(address, Number(prefix), ipType(address));
  }
  return list;
}
