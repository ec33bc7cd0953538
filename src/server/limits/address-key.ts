import ipaddr from 'ipaddr.js';

/**
 * The key a client address is limited under (docs/product/auth.md#failed-sign-ins). An IPv4 address is itself, also when it arrives as
 * an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`); an IPv6 address stands for its /64, the smallest
 * network a provider hands one customer, so the 2^64 addresses of one home or server count as one client.
 * Written forms are normalised (`2001:0DB8::0001` and `2001:db8::1` are one key). Anything else (no
 * address at all) is its own key, as before.
 */
export function addressKey(address: string): string {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address).toString();
  if (!ipaddr.IPv6.isValid(address)) return address;
  const v6 = ipaddr.IPv6.parse(address);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const [a, b, c, d] = v6.parts;
  return `${new ipaddr.IPv6([a!, b!, c!, d!, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The network an address belongs to for fair shares (docs/security.md#floods): an IPv6 address's /48 (a
 * site's allocation), an IPv4 address's /24. Anything else is its own range.
 */
export function addressRange(address: string): string {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return v4Range(ipaddr.IPv4.parse(address));
  if (!ipaddr.IPv6.isValid(address)) return address;
  const v6 = ipaddr.IPv6.parse(address);
  if (v6.isIPv4MappedAddress()) return v4Range(v6.toIPv4Address());
  const [a, b, c] = v6.parts;
  return `${new ipaddr.IPv6([a!, b!, c!, 0, 0, 0, 0, 0]).toString()}/48`;
}

function v4Range(v4: ipaddr.IPv4): string {
  const [a, b, c] = v4.octets;
  return `${a}.${b}.${c}.0/24`;
}
