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
  // Local-use NAT64 (RFC 8215): the operator chooses where the IPv4 sits, so it can't be read back; it
  // is by definition a translator of the site's own, so it counts as inside whatever it embeds.
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  inside.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (zone id dropped, a trailing dotted quad read), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const groups = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address carries, by the forms a router or the operating system turns back
 * into IPv4: IPv4-compatible (::a.b.c.d), mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d), NAT64
 * well-known prefix (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::) and Teredo (server and client).
 */
function embeddedIpv4(address: string): string[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  const found: string[] = [];
  if (zeroUpTo(6) || (zeroUpTo(5) && g5 === 0xffff) || (zeroUpTo(4) && g4 === 0xffff && g5 === 0))
    found.push(ipv4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) found.push(ipv4Of(g6, g7));
  if (g0 === 0x2002) found.push(ipv4Of(g1, g2));
  if (g0 === 0x2001 && g1 === 0) found.push(ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff));
  return found;
}

/** Our own networks, whichever way the address is written; an IPv4 inside an IPv6 is checked as the IPv4 it is. */
function isInside(address: string): boolean {
  if (isIP(address) === 4) return inside.check(address, 'ipv4');
  const plain = address.split('%')[0] ?? '';
  if (inside.check(plain, 'ipv6')) return true;
  return embeddedIpv4(plain).some((v4) => inside.check(v4, 'ipv4'));
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
