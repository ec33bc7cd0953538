import type { MailKind } from '../../shared/mail';
import { PORTAL_UNSUBSCRIBE_PATH } from '../../shared/portal-notifications';

/**
 * List mail (docs/product/email.md#list-mail): notices a person may stop, which carry `List-Unsubscribe`
 * and `List-Unsubscribe-Post` (RFC 8058) so their mail program offers a one-click unsubscribe.
 */
const LIST_MAIL_KINDS: readonly MailKind[] = ['portal-notice'];

/** What a token may be made of (base64url and dots): nothing that could end a header or a URL. */
const TOKEN = /^[A-Za-z0-9_.-]{1,200}$/;

/**
 * The unsubscribe address of a queued message, read back from its own text, where the template wrote it
 * alone on a line: only for list mail, only on this site's unsubscribe page, and only with a token of safe
 * characters. So the headers hold nothing but an address we built, and a message of any other kind (a
 * sign-in link, a password reset) never carries them.
 */
export function listUnsubscribeOf(
  message: { kind: MailKind; text_body: string },
  siteUrl: string,
): string | null {
  if (!LIST_MAIL_KINDS.includes(message.kind)) return null;
  const prefix = `${new URL(PORTAL_UNSUBSCRIBE_PATH, siteUrl).toString()}?token=`;
  for (const line of message.text_body.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    const token = line.slice(prefix.length);
    if (TOKEN.test(token)) return `${prefix}${token}`;
  }
  return null;
}

/** The two headers of a list message: fixed names, and a value that is an address built above. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
