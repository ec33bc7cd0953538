import { SMTP_FAILURE_MESSAGES as M } from '../../shared/messages';

/** A send that did not work, with the reason in words the person who typed the settings can act on. */
export class SmtpFailure extends Error {
  constructor(
    message: string,
    /**
     * The message itself can never be delivered (the server refused it or its recipient for good).
     * Settings problems (password, TLS, host) are not: once someone fixes them, queued mail goes out.
     */
    readonly permanent = false,
    /** The server's own reply, when the failure is one: what the bounce rules read (modules/bounces). */
    readonly reply: SmtpReply | null = null,
  ) {
    super(message);
  }
}

/** An SMTP server's refusal: its reply code, RFC 3463 enhanced code ('' when none) and the command it answered. */
export interface SmtpReply {
  replyCode: number;
  enhancedStatus: string;
  /** 'RCPT TO', 'DATA', 'MAIL FROM', …; null when nodemailer did not say. */
  command: string | null;
  /** The reply on one line, cut short. */
  text: string;
}

interface NodemailerError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
  command?: string;
}

const TLS_HINTS = /wrong version number|ssl|tls|handshake|unexpected message|packet length/i;
/** nodemailer with requireTLS, when the server refuses STARTTLS or cannot be asked (HELO only). */
const NO_STARTTLS = /error upgrading connection with starttls|does not support required starttls/i;
const CERT_HINTS = /certificate|self[- ]signed|altnames|unable to verify/i;

/** nodemailer's error codes and messages, turned into one human sentence (no stack, no internals). */
export function describeSmtpError(error: unknown, host: string, port: number): SmtpFailure {
  if (error instanceof SmtpFailure) return error;
  const e = (error ?? {}) as NodemailerError;
  const text = `${e.message ?? ''}`;
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH') return new SmtpFailure(M.auth);
  if (NO_STARTTLS.test(text)) return new SmtpFailure(M.noStartTls(host, port));
  if (CERT_HINTS.test(text)) return new SmtpFailure(M.certificate(host));
  if (e.code === 'ETLS' || (e.code === 'ESOCKET' && TLS_HINTS.test(text))) return new SmtpFailure(M.tls);
  if (e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text)) return new SmtpFailure(M.hostNotFound(host));
  if (/ECONNREFUSED/.test(text)) return new SmtpFailure(M.refused(host, port));
  if (e.code === 'ETIMEDOUT' || /timeout|timed out/i.test(text))
    return new SmtpFailure(M.timeout(host, port));
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE' || typeof e.responseCode === 'number') {
    // The server's own reply ("550 5.1.1 User unknown") is what the reader needs; cut it to one line.
    const reply = (e.response ?? text).replace(/\s+/g, ' ').trim().slice(0, 200);
    const enhanced = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(reply)?.[1] ?? '';
    const replyCode = typeof e.responseCode === 'number' ? e.responseCode : null;
    // 4xx replies are temporary by definition (RFC 5321): try again later.
    return new SmtpFailure(
      M.rejected(reply),
      !(e.responseCode && e.responseCode < 500),
      replyCode === null
        ? null
        : { replyCode, enhancedStatus: enhanced, command: e.command ?? null, text: reply },
    );
  }
  // A dropped connection (ECONNECTION, ESOCKET resets) is worth another try.
  return new SmtpFailure(M.unknown);
}
