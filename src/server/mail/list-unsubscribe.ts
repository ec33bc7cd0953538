import { BULK_MAIL_KINDS, type MailKind } from '../../shared/mail';
import { PORTAL_UNSUBSCRIBE_PATH } from '../../shared/portal-notifications';
import { LIST_UNSUBSCRIBE_PATH } from '../../shared/campaigns';

/**
 * List mail (docs/product/email.md#list-mail): notices a person may stop, which carry `List-Unsubscribe`
 * and `List-Unsubscribe-Post` (RFC 8058) so their mail program offers a one-click unsubscribe.
 */
const LIST_MAIL_KINDS: readonly MailKind[] = ['portal-notice'];

/** A stored unsubscribe URL, only when it is this site's unsubscribe page with a token of safe characters. */
function marketingUnsubscribe(stored: string | null | undefined, siteUrl: string): string | null {
  const prefix = `${new URL(LIST_UNSUBSCRIBE_PATH, siteUrl).toString()}?token=`;
  if (!stored?.startsWith(prefix)) return null;
  return TOKEN.test(stored.slice(prefix.length)) ? stored : null;
}

/**
 * The mailto: alternative of a marketing mail's unsubscribe: to the sending address, the token in the
 * subject, for mail programs that can only write (the bounce mailbox reader acts on it when one is set).
 */
export function unsubscribeMailto(url: string, fromAddress: string): string | null {
  if (!/^[^\s@<>,"]+@[^\s@<>,"]+$/.test(fromAddress)) return null;
  const token = new URL(url).searchParams.get('token') ?? '';
  return `mailto:${fromAddress}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
}

/** What a token may be made of (base64url and dots): nothing that could end a header or a URL. */
const TOKEN = /^[A-Za-z0-9_.-]{1,300}$/;

/**
 * The unsubscribe address of a queued message, read back from its own text, where the template wrote it
 * alone on a line: only for list mail, only on this site's unsubscribe page, and only with a token of safe
 * characters. So the headers hold nothing but an address we built, and a message of any other kind (a
 * sign-in link, a password reset) never carries them.
 */
export function listUnsubscribeOf(
  message: { kind: MailKind; text_body: string; list_unsubscribe?: string | null },
  siteUrl: string,
): string | null {
  // Marketing mail: its unsubscribe URL was stored with the message when it was queued.
  if ((BULK_MAIL_KINDS as readonly MailKind[]).includes(message.kind))
    return marketingUnsubscribe(message.list_unsubscribe, siteUrl);
  if (!LIST_MAIL_KINDS.includes(message.kind)) return null;
  const prefix = `${new URL(PORTAL_UNSUBSCRIBE_PATH, siteUrl).toString()}?token=`;
  for (const line of message.text_body.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    const token = line.slice(prefix.length);
    if (TOKEN.test(token)) return `${prefix}${token}`;
  }
  return null;
}

/**
 * The two headers of a list message: fixed names, and a value of addresses built here (the HTTPS one first:
 * RFC 8058's one click POSTs to it; a mailto: beside it for mail programs that only write).
 */
export function listUnsubscribeHeaders(url: string, mailto: string | null = null): Record<string, string> {
  return {
    'List-Unsubscribe': mailto ? `<${url}>, <${mailto}>` : `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
