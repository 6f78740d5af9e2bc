import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses a data source may not reach unless configuration allows: our own machine and networks. */
const inside = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  inside.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  inside.addSubnet(net, bits, 'ipv6');

/** IPv4 written inside IPv6 (::ffff:127.0.0.1) is checked as the IPv4 it is. */
function isInside(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return inside.check(mapped[1], 'ipv4');
  return inside.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

export type HostPolicy = { allowPrivate: boolean; allowedHosts: string[] };

/**
 * The address to connect to, or why not. The name is resolved once and the connection goes to that
 * address, so a second lookup can't swap in another one (DNS rebinding).
 */
export async function resolveHost(
  host: string,
  policy: HostPolicy,
): Promise<{ address: string } | { refused: string }> {
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return { refused: 'this host name does not resolve' };
  }
  const [first] = addresses;
  if (!first) return { refused: 'this host name does not resolve' };
  const allowed = policy.allowPrivate || policy.allowedHosts.includes(host.toLowerCase());
  if (!allowed && addresses.some(isInside))
    return { refused: 'a loopback, private or link-local address: not allowed by the server configuration' };
  return { address: first };
}
