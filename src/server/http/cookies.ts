/**
 * The few cookies the server reads and sets (the client portal's session, docs/product/portal.md#sessions).
 * A parse of the `Cookie` header and a serialiser, without a plugin: the product has no other cookie.
 */

/** The value of the cookie `name` in a `Cookie` header, or null. A malformed escape is taken as written. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    if (part.slice(0, equals).trim() !== name) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 removes the cookie. */
  maxAge: number;
  secure: boolean;
  sameSite: 'Strict' | 'Lax';
  httpOnly: boolean;
}

/** A `Set-Cookie` value. The value must be a cookie-safe token (base64url is). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    ...(options.maxAge <= 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    `SameSite=${options.sameSite}`,
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ];
  return parts.join('; ');
}
