import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { EMAIL_SETUP_LIMITS } from '../../shared/mail';
import { listUnsubscribeHeaders } from './list-unsubscribe';
import { describeSmtpError } from './smtp-failure';
import { isLoopbackAddress, resolveSmtpAddress, type LookupAll } from './smtp-guard';
import { senderAddress } from './sender';

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
  /** And the mailto: alternative of marketing mail, beside the HTTPS one. */
  listUnsubscribeMailto?: string | null;
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

/** Called when the server has the whole message but its final dot (outbox.ts, settleHandedOver). */
export type BeforeDataEnd = () => Promise<void>;

export interface SmtpSession {
  /** Sends one message over the session's connection, within 10 s; failures come back as SmtpFailure. */
  send(mail: MailContent, beforeDataEnd?: BeforeDataEnd): Promise<void>;
  close(): void;
}

/**
 * Opens a connection to one SMTP server for a run of messages (a campaign's batch goes over one connection
 * rather than a handshake each), after the address guard; `pooled: false` closes it after one message.
 */
export async function openSmtpSession(
  settings: SmtpSettings,
  options: SmtpOptions,
  pooled = true,
): Promise<SmtpSession> {
  const address = await resolveSmtpAddress(settings.host, options.allowPrivate, options.lookup);
  const authenticates = Boolean(settings.user || settings.pass);
  // Credentials only over TLS: from the first byte (secure), or after a STARTTLS the server must accept;
  // a server that offers none never sees the password. A loopback relay may be allowed plain text.
  const plaintextAllowed = options.allowPlaintextLoopback && isLoopbackAddress(address);
  const common = {
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
  };
  const transport = pooled
    ? nodemailer.createTransport({ ...common, pool: true, maxConnections: 1, maxMessages: 500 })
    : nodemailer.createTransport(common);
  const envelopeFrom = senderAddress(settings.from);

  return {
    async send(mail, beforeDataEnd) {
      let timer: NodeJS.Timeout | undefined;
      // One deadline for the whole exchange as well: each wait is capped, but several waits could add up.
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
          EMAIL_SETUP_LIMITS.timeoutMs,
        );
      });
      const sending = (async () => {
        const message = await composeMessage(settings, mail);
        return transport.sendMail({
          envelope: { from: envelopeFrom, to: [mail.to] },
          raw: beforeDataEnd ? holdFinalDot(message, beforeDataEnd) : message,
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      })();
      try {
        await Promise.race([sending, deadline]);
      } catch (error) {
        throw describeSmtpError(error, settings.host, settings.port);
      } finally {
        clearTimeout(timer);
        sending.catch(() => {}); // settles after close(); its outcome is already decided
        if (!pooled) transport.close();
      }
    },
    close() {
      transport.close();
    },
  };
}

/** The whole message, headers and parts, as it will go on the wire. */
function composeMessage(settings: SmtpSettings, mail: MailContent): Promise<Buffer> {
  return new MailComposer({
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
    headers: mail.listUnsubscribe
      ? listUnsubscribeHeaders(mail.listUnsubscribe, mail.listUnsubscribeMailto ?? null)
      : undefined,
    // Never read files or URLs named in a message: bodies are built from user text.
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
}

/**
 * The message as a stream that ends (and so lets the SMTP client write the final dot) only once
 * `beforeDataEnd` has run: what was recorded then is true of every message the server accepted.
 */
function holdFinalDot(message: Buffer, beforeDataEnd: BeforeDataEnd): Readable {
  let stage: 'body' | 'waiting' | 'done' = 'body';
  return new Readable({
    read() {
      if (stage === 'body') {
        stage = 'waiting';
        this.push(message);
        return;
      }
      if (stage !== 'waiting') return;
      stage = 'done';
      beforeDataEnd().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
}

/**
 * Sends one message and closes the connection, within 10 s in all (the dashboard waits for a test send);
 * any failure comes back as an SmtpFailure with a human reason.
 */
export async function sendWithSmtp(
  settings: SmtpSettings,
  mail: MailContent,
  options: SmtpOptions,
  beforeDataEnd?: BeforeDataEnd,
): Promise<void> {
  const session = await openSmtpSession(settings, options, false).catch((error: unknown) => {
    throw describeSmtpError(error, settings.host, settings.port);
  });
  await session.send(mail, beforeDataEnd);
}
