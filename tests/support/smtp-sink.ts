import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** One message as the sink received and parsed it. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Files it carried, as sent (base64 decoded); the JSON written to `dir` carries their names and sizes. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** Each header as sent, by its lower-cased name (the value unfolded, without the name). */
  headers: Record<string, string>;
}

export interface SmtpSink {
  host: string;
  port: number;
  user: string;
  pass: string;
  messages: ReceivedMail[];
  /** TCP connections accepted so far (a refused target must cause none). */
  connections: number;
  /** Every AUTH attempt, right or wrong, with the credentials it carried (what a hostile server would keep). */
  auths: { username: string; password: string }[];
  /** The next `count` messages are refused with a temporary 451 (the sender must retry). */
  refuseNext(count: number): void;
  /**
   * Every RCPT TO of this address is refused with `code` (550 for an unknown user, 450 for a temporary
   * failure) and the reply text, which carries the RFC 3463 code as real servers do; `null` accepts it again.
   */
  refuseRecipient(address: string, code: 550 | 450 | null, text?: string): void;
  /**
   * Fault injection for a sender that dies mid-send: the next RCPT TO ('recipient': before any data), or
   * the next whole message's final reply ('accepted': the message is received and kept, its 250 never
   * sent), is held forever. Resolves with the client's port of the held connection once it is held.
   */
  holdNext(phase: 'recipient' | 'accepted'): Promise<{ clientPort: number }>;
  /** Resolves with the messages matching `predicate` once there are `count` of them. */
  waitFor(
    predicate: (mail: ReceivedMail) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** The header block of a raw message, unfolded, by lower-cased name (the last of a repeated name). */
function lightHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

const addressText = (value: unknown): string => {
  const v = value as { text?: string } | { text?: string }[] | undefined;
  if (!v) return '';
  return Array.isArray(v) ? v.map((a) => a.text ?? '').join(', ') : (v.text ?? '');
};

/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port, for the tests only: it checks
 * the user name and password, can refuse messages on demand, and parses what it receives. With
 * `dir`, each message is also written there as JSON (the browser tests read them from another process).
 */
export async function startSmtpSink(
  options: {
    user?: string;
    pass?: string;
    dir?: string;
    /** Another loopback address (127.0.0.2, …) stands for another host. */
    host?: string;
    /**
     * Thousands of messages (a campaign): keep the envelope and the headers only, without parsing bodies,
     * so the sink keeps up with the sender.
     */
    light?: boolean;
  } = {},
): Promise<SmtpSink> {
  const user = options.user ?? 'mailer@agency.test';
  const pass = options.pass ?? 'smtp-pass-1';
  const host = options.host ?? '127.0.0.1';
  let refusals = 0;
  let hold: { phase: 'recipient' | 'accepted'; resolve: (held: { clientPort: number }) => void } | undefined;
  const refusedRecipients = new Map<string, { code: number; text: string }>();
  const sink = {
    messages: [] as ReceivedMail[],
    connections: 0,
    auths: [] as { username: string; password: string }[],
  };
  const serverOptions: SMTPServerOptions = {
    // Plain SMTP on loopback: no STARTTLS offer, so a client with secure off talks in the clear.
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      sink.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      sink.auths.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, session, callback) {
      if (hold?.phase === 'recipient') {
        const held = hold;
        hold = undefined;
        held.resolve({ clientPort: session.remotePort });
        return; // never answered
      }
      const refusal = refusedRecipients.get(address.address.toLowerCase());
      if (refusal) return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      if (refusals > 0) {
        refusals -= 1;
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      if (options.light) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const head = raw.slice(0, Math.max(0, raw.indexOf('\r\n\r\n')));
          sink.messages.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: '',
            to: '',
            replyTo: '',
            subject: '',
            text: '',
            html: '',
            attachments: [],
            headers: lightHeaders(head),
          });
          if (hold?.phase === 'accepted') {
            const held = hold;
            hold = undefined;
            held.resolve({ clientPort: session.remotePort });
            return; // received and kept, never answered
          }
          callback();
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: addressText(parsed.from),
            to: addressText(parsed.to),
            replyTo: addressText(parsed.replyTo),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
          };
          sink.messages.push(mail);
          if (options.dir) {
            // Written whole, then renamed: a reader never sees half a file.
            const file = path.join(options.dir, `${Date.now()}-${sink.messages.length}.json`);
            const listed = mail.attachments.map((a) => ({ filename: a.filename, size: a.content.length }));
            fs.writeFileSync(`${file}.part`, JSON.stringify({ ...mail, attachments: listed }));
            fs.renameSync(`${file}.part`, file);
          }
          callback();
        })
        .catch(callback);
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host,
    port,
    user,
    pass,
    get messages() {
      return sink.messages;
    },
    get connections() {
      return sink.connections;
    },
    get auths() {
      return sink.auths;
    },
    refuseNext(count) {
      refusals = count;
    },
    holdNext(phase) {
      return new Promise((resolve) => {
        hold = { phase, resolve };
      });
    },
    refuseRecipient(address, code, text) {
      if (code === null) refusedRecipients.delete(address.toLowerCase());
      else
        refusedRecipients.set(address.toLowerCase(), {
          code,
          text: text ?? (code === 550 ? '5.1.1 User unknown' : '4.2.1 Mailbox temporarily unavailable'),
        });
    },
    async waitFor(predicate, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sink.messages.filter(predicate);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `expected ${count} matching message(s), got ${found.length} of ${sink.messages.length}`,
          );
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
