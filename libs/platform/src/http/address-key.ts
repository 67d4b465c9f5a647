import { isIP } from 'node:net';

/**
 * The key a per-address rate limit counts a client under: an IPv4 address as it is, an IPv6
 * address by its /64 prefix (one subscriber is usually given a whole /64, and takes a new address
 * from it at will, so counting each address would let one client multiply its limit). An
 * IPv4-mapped IPv6 address (::ffff:192.0.2.1, as a dual-stack socket reports IPv4 clients) counts
 * as its IPv4 address; compressed and expanded forms, upper or lower case, brackets and a zone id
 * (fe80::1%eth0) all give the same key. Anything that is not an address is kept as it is
 * ('unknown' when absent).
 */
export function addressKey(address: string | null | undefined): string {
  if (!address) return 'unknown';
  let a = address.trim().toLowerCase();
  if (a.startsWith('[') && a.includes(']')) a = a.slice(1, a.indexOf(']'));
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  const version = isIP(a);
  if (version === 4) return a;
  if (version !== 6) return address;
  const groups = ipv6Groups(a);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (checked by isIP), a trailing dotted IPv4 part included. */
function ipv6Groups(address: string): number[] {
  let a = address;
  const lastColon = a.lastIndexOf(':');
  const tail = a.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [b0, b1, b2, b3] = tail.split('.').map(Number);
    a = `${a.slice(0, lastColon + 1)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, rest] = a.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  if (rest === undefined) return front;
  const back = parse(rest);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
