import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * Where a webhook may go: an `https` URL of a host whose every address is public unicast. Never
 * loopback, private, link-local, carrier-grade NAT, unique-local, multicast, or an IPv6 form
 * that wraps an IPv4 address (mapped, NAT64, 6to4, Teredo): a staff member's URL must not reach
 * into our own network (server-side request forgery). `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS,
 * development and tests) lifts both rules.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast';
}

/** Why a URL can never be a webhook target, or null: checked when staff save it (DNS is checked again at every delivery). */
export function urlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, such as https://hooks.example.com/swishly';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'The URL must start with https://';
  if (url.username || url.password) return 'The URL must not carry a user name or password';
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host) ? null : 'The URL points to a private or local address';
  if (host === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(host) || !host.includes('.'))
    return 'The URL points to a private or local address';
  return null;
}

/** The host as DNS knows it (an IPv6 literal without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/** The address to connect to, once every address of the host is found public; throws with the reason otherwise. */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<ResolvedTarget> {
  const problem = urlProblem(url.href, allowPrivate);
  if (problem) throw new Error(problem);
  const host = hostOf(url);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivate) {
    const inside = addresses.find((a) => !isPublicAddress(a.address));
    if (inside) throw new Error(`Refused: ${host} resolves to a private or local address`);
  }
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
