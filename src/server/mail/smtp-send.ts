import nodemailer from 'nodemailer';
import { EMAIL_SETUP_LIMITS } from '../../shared/mail';
import { listUnsubscribeHeaders } from './list-unsubscribe';
import { describeSmtpError } from './smtp-failure';
import { isLoopbackAddress, resolveSmtpAddress, type LookupAll } from './smtp-guard';

/** Everything needed to talk to one SMTP server; `pass` is the opened secret, kept in memory only. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  /** The From header: "Name <address>" or an address. */
  from: string;
}

export interface MailContent {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** List mail's unsubscribe address (mail/list-unsubscribe.ts): its two headers; no other header is ever added. */
  listUnsubscribe?: string | null;
}

export interface SmtpOptions {
  allowPrivate: boolean;
  /**
   * SMTP_ALLOW_PLAINTEXT_LOOPBACK: the password may travel unencrypted, but only to a loopback address.
   * Otherwise it goes over implicit TLS or a STARTTLS the server must offer.
   */
  allowPlaintextLoopback: boolean;
  /** Tests and special set-ups; the real resolver otherwise. */
  lookup?: LookupAll;
}

/**
 * Sends one message and closes the connection, within 10 s in all (the dashboard waits for a test send);
 * any failure comes back as an SmtpFailure with a human reason.
 */
export async function sendWithSmtp(
  settings: SmtpSettings,
  mail: MailContent,
  options: SmtpOptions,
): Promise<void> {
  const address = await resolveSmtpAddress(settings.host, options.allowPrivate, options.lookup);
  const authenticates = Boolean(settings.user || settings.pass);
  // Credentials only over TLS: from the first byte (secure), or after a STARTTLS the server must accept;
  // a server that offers none never sees the password. A loopback relay may be allowed plain text.
  const plaintextAllowed = options.allowPlaintextLoopback && isLoopbackAddress(address);
  const transport = nodemailer.createTransport({
    host: address,
    port: settings.port,
    secure: settings.secure,
    requireTLS: authenticates && !settings.secure && !plaintextAllowed,
    // The name we checked, for SNI and the certificate check, while connecting to the address we checked.
    servername: settings.host,
    tls: { servername: settings.host },
    auth: authenticates ? { user: settings.user, pass: settings.pass } : undefined,
    connectionTimeout: EMAIL_SETUP_LIMITS.timeoutMs,
    greetingTimeout: EMAIL_SETUP_LIMITS.timeoutMs,
    socketTimeout: EMAIL_SETUP_LIMITS.timeoutMs,
    logger: false,
    debug: false,
  });
  let timer: NodeJS.Timeout | undefined;
  // One deadline for the whole exchange as well: each wait is capped, but several waits could add up.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      EMAIL_SETUP_LIMITS.timeoutMs,
    );
  });
  const sending = transport.sendMail({
    from: settings.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      content,
    })),
    headers: mail.listUnsubscribe ? listUnsubscribeHeaders(mail.listUnsubscribe) : undefined,
    // Never read files or URLs named in a message: bodies are built from user text.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    await Promise.race([sending, deadline]);
  } catch (error) {
    throw describeSmtpError(error, settings.host, settings.port);
  } finally {
    clearTimeout(timer);
    sending.catch(() => {}); // settles after close() below; its outcome is already decided
    transport.close();
  }
}
