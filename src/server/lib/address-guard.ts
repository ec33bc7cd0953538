import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * The one guard for connections the server makes to addresses its users type (an SMTP host, a webhook's
 * URL): unless the operator allows private targets, only ordinary public unicast addresses are reached.
 * Loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 — the cloud metadata
 * service — and fe80::/10), carrier-grade NAT, multicast and the like are refused before any connection.
 */

export type LookupAll = (host: string) => Promise<{ address: string }[]>;

export const defaultLookup: LookupAll = (host) => dns.lookup(host, { all: true, verbatim: true });

/** The address as judged: an IPv4-mapped IPv6 address is the IPv4 inside it. */
function parsedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

/** Only ordinary public unicast addresses; an IPv4-mapped IPv6 address is judged as the IPv4 inside it. */
export function isPublicAddress(address: string): boolean {
  return parsedAddress(address)?.range() === 'unicast';
}

/** 127.0.0.0/8 or ::1 (also IPv4-mapped): a server on this very machine. */
export function isLoopbackAddress(address: string): boolean {
  return parsedAddress(address)?.range() === 'loopback';
}

/** Why a target was refused: its name does not resolve, or it resolves to a private or local address. */
export class AddressRefused extends Error {
  constructor(
    readonly reason: 'not-found' | 'private',
    readonly host: string,
  ) {
    super(reason === 'private' ? `${host} is a private or local address` : `${host} could not be found`);
  }
}

/**
 * The addresses to connect to for `host` (a name or an IP literal, IPv6 without brackets). Unless private
 * targets are allowed, every address the name resolves to must be public. Connecting to the addresses
 * checked, not the name again, means a second DNS answer cannot swap in an internal one (DNS rebinding).
 */
export async function resolveAllowedAddresses(
  host: string,
  allowPrivate: boolean,
  lookup: LookupAll = defaultLookup,
): Promise<{ address: string }[]> {
  let addresses: { address: string }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host }] : await lookup(host);
  } catch {
    throw new AddressRefused('not-found', host);
  }
  if (addresses.length === 0) throw new AddressRefused('not-found', host);
  if (!allowPrivate && !addresses.every(({ address }) => isPublicAddress(address)))
    throw new AddressRefused('private', host);
  return addresses;
}
