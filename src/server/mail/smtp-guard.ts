import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { SMTP_FAILURE_MESSAGES as M } from '../../shared/messages';
import { SmtpFailure } from './smtp-failure';

export type LookupAll = (host: string) => Promise<{ address: string }[]>;

const defaultLookup: LookupAll = (host) => dns.lookup(host, { all: true, verbatim: true });

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

/** 127.0.0.0/8 or ::1 (also IPv4-mapped): a relay on this very machine. */
export function isLoopbackAddress(address: string): boolean {
  return parsedAddress(address)?.range() === 'loopback';
}

/**
 * The address to connect to for `host`. Unless private targets are allowed, every address the name
 * resolves to must be public (loopback, private, link-local — the cloud metadata service — and the
 * like are refused before any connection). Connecting to the address checked, not the name again,
 * means a second DNS answer cannot swap in an internal address (DNS rebinding).
 */
export async function resolveSmtpAddress(
  host: string,
  allowPrivate: boolean,
  lookup: LookupAll = defaultLookup,
): Promise<string> {
  let addresses: { address: string }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host }] : await lookup(host);
  } catch {
    throw new SmtpFailure(M.hostNotFound(host));
  }
  if (addresses.length === 0) throw new SmtpFailure(M.hostNotFound(host));
  if (!allowPrivate && !addresses.every(({ address }) => isPublicAddress(address)))
    throw new SmtpFailure(M.privateAddress(host));
  return addresses[0]!.address;
}
