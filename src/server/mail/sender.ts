import addressparser from 'nodemailer/lib/addressparser';

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * The From header for the spec's "sender name" field. People type a name ("Acme Agency"), an address, or
 * both ("Acme Agency <hello@acme.com>"); a bare name borrows the SMTP user when that is an address (most
 * providers log in with the mailbox address). Null when no address can be found: the form says so.
 */
export function senderHeader(from: string, smtpUser: string): string | null {
  const parsed = addressparser(from);
  if (parsed.length !== 1) return null;
  const { name: rawName, address } = parsed[0] as { name: string; address?: string };
  // Quotes and line breaks could end the display name early or start a new header.
  const name = rawName.replace(/["\r\n\\]/g, '').trim();
  if (address && EMAIL.test(address)) return name ? `"${name}" <${address}>` : address;
  if (!address && name && EMAIL.test(smtpUser)) return `"${name}" <${smtpUser}>`;
  return null;
}

/** The bare address of a From header ("Acme <hello@acme.com>" → hello@acme.com). */
export function senderAddress(header: string): string {
  const [first] = addressparser(header) as { address?: string }[];
  return first?.address ?? '';
}
