import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { SMTP_FAILURE_MESSAGES as M } from '../../shared/mail';
import { SmtpFailure } from './smtp-failure';

export type LookupAll = (host: string) => Promise<{ address: string }[]>;

const defaultLookup: LookupAll = (host) => dns.lookup(host, { all: true, verbatim: true });

/** Only ordinary public unicast addresses; an IPv4-mapped IPv6 address is judged as the IPv4 inside it. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
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
