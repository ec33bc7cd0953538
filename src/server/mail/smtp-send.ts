import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
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
  const connectionOptions: SMTPConnection.Options = {
    host: address,
    port: settings.port,
    secure: settings.secure,
    requireTLS: authenticates && !settings.secure && !plaintextAllowed,
    // The name we checked, for SNI and the certificate check, while connecting to the address we checked.
    servername: settings.host,
    tls: { servername: settings.host },
    connectionTimeout: EMAIL_SETUP_LIMITS.timeoutMs,
    greetingTimeout: EMAIL_SETUP_LIMITS.timeoutMs,
    socketTimeout: EMAIL_SETUP_LIMITS.timeoutMs,
    logger: false,
    debug: false,
  };
  const envelopeFrom = senderAddress(settings.from);
  let open: Promise<SMTPConnection> | undefined;

  /** The session's connection, made (and logged in) on first use and again after one broke. */
  function connection(): Promise<SMTPConnection> {
    open ??= new Promise<SMTPConnection>((resolve, reject) => {
      const conn = new SMTPConnection(connectionOptions);
      // Before it is up, an error or an end fails the connecting (the callback below is for success only);
      // after, a broken connection is made anew for the next message.
      conn.on('error', (error) => {
        open = undefined;
        reject(error);
      });
      conn.on('end', () => {
        open = undefined;
        reject(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' }));
      });
      conn.connect((error) => {
        if (error) return reject(error);
        if (!authenticates) return resolve(conn);
        conn.login({ user: settings.user, pass: settings.pass }, (loginError) =>
          loginError ? reject(loginError) : resolve(conn),
        );
      });
    });
    open.catch(() => (open = undefined));
    return open;
  }

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
      let used: SMTPConnection | undefined;
      const sending = (async () => {
        const message = await composeMessage(settings, mail);
        used = await connection();
        const conn = used;
        // The message is read only once the server has taken the envelope and said 354 (nodemailer pipes it
        // then), so the data-end record below is made after the recipient was accepted, before the dot.
        return new Promise<void>((resolve, reject) =>
          conn.send(
            { from: envelopeFrom, to: [mail.to] },
            beforeDataEnd ? holdFinalDot(message, beforeDataEnd) : message,
            (error) => (error ? reject(error) : resolve()),
          ),
        );
      })();
      try {
        await Promise.race([sending, deadline]);
      } catch (error) {
        // A connection in an unknown state is not used again.
        if (used) {
          used.close();
          open = undefined;
        }
        throw describeSmtpError(error, settings.host, settings.port);
      } finally {
        clearTimeout(timer);
        sending.catch(() => {}); // settles after close(); its outcome is already decided
        if (!pooled) void closeConnection();
      }
    },
    close() {
      void closeConnection();
    },
  };

  async function closeConnection() {
    const current = open;
    open = undefined;
    const conn = await current?.catch(() => undefined);
    conn?.quit();
  }
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
