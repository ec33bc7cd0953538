import type { FastifyBaseLogger } from 'fastify';
import type { MailOutboxRow } from '../db/types';
import { AGENCY_WORKSPACE_ID } from '../../shared/workspace-deletion';
import {
  attachmentsOf,
  claimDueMail,
  CLAIM_LEASE_MS,
  markBulkSent,
  markDataEnd,
  markFailed,
  markSent,
  markWaiting,
} from './outbox';
import { BULK_MAIL_KINDS } from '../../shared/mail';
import {
  UnusableSetup,
  recordTransportHealth,
  smtpOptions,
  transportFor,
  type MailContext,
  type Transport,
} from './transport';
import { listUnsubscribeOf, unsubscribeMailto } from './list-unsubscribe';
import { senderAddress } from './sender';
import { SmtpFailure } from './smtp-failure';
import { openSmtpSession, sendWithSmtp, type SmtpSession } from './smtp-send';

export const WAITING_FOR_SETUP = 'Waiting for an e-mail configuration.';
/** How often each instance looks for due messages (others' messages, retries); its own are sent at once. */
const POLL_INTERVAL_MS = 5_000;

export interface OutboxWorker {
  /** Starts polling; the app calls it once it listens. */
  start(): void;
  /** Stops polling and waits for the send in progress. */
  stop(): Promise<void>;
  /** A message was just queued here: send it now rather than at the next poll. */
  kick(): void;
  /** Sends everything due now; answers how many messages were attempted (tests drive it directly). */
  deliverDue(): Promise<number>;
}

/** Claimed per round: bulk mail goes in runs over one connection per sending set-up. */
const CLAIM_BATCH = 10;
/** Claims per round: a campaign's flood goes out in rounds of 500, never one endless loop. */
const DRAIN_ROUNDS = 50;

export function createOutboxWorker(
  ctx: MailContext,
  options: {
    clock?: () => Date;
    log: FastifyBaseLogger;
    /** How long a claim is held before another instance may take it over (tests of a killed sender shorten it). */
    claimLeaseMs?: number;
    /** A bulk message's failed attempt, for the bounce rules (the mail layer imports no module). */
    onBulkFailure?: (row: MailOutboxRow, failure: SmtpFailure) => Promise<void>;
  },
): OutboxWorker {
  const now = options.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  /** A contact message goes to the agency's own mailbox: its sender address, else its Admin's. */
  async function recipientOf(row: MailOutboxRow, transport: Transport): Promise<string> {
    if (row.to_address) return row.to_address;
    if (transport.workspaceId) return senderAddress(transport.settings.from);
    const admin = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('workspace_id', '=', AGENCY_WORKSPACE_ID)
      .where('role', '=', 'Admin')
      .orderBy('created_at')
      .executeTakeFirst();
    return admin?.email ?? '';
  }

  /** LOG_MAIL_LINKS: the message's links on this site, for whoever runs it without a mail server. */
  function printLinks(row: MailOutboxRow): void {
    const origin = ctx.config.siteUrl;
    const mailLinks = [
      ...new Set(row.text_body.split(/\s+/).filter((word) => word.startsWith(`${origin}/`))),
    ];
    if (mailLinks.length === 0) return;
    options.log.warn(
      { mailId: row.id, kind: row.kind, to: row.to_address, mailLinks },
      'E-mail is not set up: the message waits; its links are printed because LOG_MAIL_LINKS is on',
    );
  }

  /**
   * What one delivery round keeps: bulk mail's connection per sending set-up (other mail has a connection of
   * its own), and the set-ups whose health was recorded as good in it (once a round, not once a message).
   */
  type Sessions = Map<string, Promise<SmtpSession>> & {
    healthy?: Set<string | null>;
    /** The set-up each (via, workspace) sends with, read once a round. */
    transports?: Map<string, Promise<Transport | null>>;
    /** Bulk copies sent in this claim, to mark together. */
    sent?: { row: MailOutboxRow; to: string }[];
  };
  function sessionFor(sessions: Sessions, transport: Transport): Promise<SmtpSession> {
    const { settings } = transport;
    const key = [
      transport.workspaceId ?? '',
      settings.host,
      settings.port,
      settings.user,
      settings.from,
    ].join('\n');
    let session = sessions.get(key);
    if (!session) {
      session = openSmtpSession(settings, smtpOptions(ctx.config));
      session.catch(() => sessions.delete(key));
      sessions.set(key, session);
    }
    return session;
  }

  async function deliver(row: MailOutboxRow, sessions: Sessions): Promise<void> {
    let transport: Transport | null;
    try {
      sessions.transports ??= new Map();
      const key = `${row.via}\n${row.workspace_id}`;
      let found = sessions.transports.get(key);
      if (!found) {
        found = transportFor(ctx, row);
        sessions.transports.set(key, found);
      }
      transport = await found;
    } catch (error) {
      // The platform's set-up changed without its password: its password goes nowhere; the message waits.
      if (error instanceof UnusableSetup) return markWaiting(ctx.db, row, error.message, now());
      // A set-up sealed with another SECRET_KEY cannot be opened: say so in the log and keep the message.
      options.log.error({ err: error }, 'e-mail set-up could not be read');
      return markWaiting(ctx.db, row, WAITING_FOR_SETUP, now());
    }
    if (!transport) {
      // Only when the operator asked for it (LOG_MAIL_LINKS, local use), and once per message.
      if (ctx.config.logMailLinks && row.last_error !== WAITING_FOR_SETUP) printLinks(row);
      return markWaiting(ctx.db, row, WAITING_FOR_SETUP, now());
    }
    const to = await recipientOf(row, transport);
    const listUnsubscribe = listUnsubscribeOf(row, ctx.config.siteUrl);
    const content = {
      to,
      replyTo: row.reply_to,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      attachments: await attachmentsOf(ctx.db, row.id),
      listUnsubscribe,
      listUnsubscribeMailto:
        listUnsubscribe && row.list_unsubscribe
          ? unsubscribeMailto(listUnsubscribe, senderAddress(transport.settings.from))
          : null,
    };
    // Recorded just before the final dot: a worker killed after it is not sent again (outbox.ts).
    const beforeDataEnd = () => markDataEnd(ctx.db, row.id);
    try {
      if (row.priority > 0) await (await sessionFor(sessions, transport)).send(content, beforeDataEnd);
      else await sendWithSmtp(transport.settings, content, smtpOptions(ctx.config), beforeDataEnd);
      // Bulk copies are marked sent together at the end of the claim (outbox.ts, markBulkSent).
      if (row.priority > 0) (sessions.sent ??= []).push({ row, to });
      else await markSent(ctx.db, row, to, now());
      sessions.healthy ??= new Set();
      if (!sessions.healthy.has(transport.workspaceId)) {
        sessions.healthy.add(transport.workspaceId);
        await recordTransportHealth(ctx.db, transport, null, now());
      }
    } catch (error) {
      const failure = error instanceof SmtpFailure ? error : new SmtpFailure(String(error));
      // The recipient and the reason, never the message or the password.
      options.log.warn({ mailId: row.id, attempt: row.attempts, reason: failure.message }, 'e-mail not sent');
      await markFailed(ctx.db, row, failure.message, failure.permanent, now());
      if (!failure.permanent) {
        sessions.healthy?.delete(transport.workspaceId);
        await recordTransportHealth(ctx.db, transport, failure.message, now());
      }
      const bulk = row.priority === 1 || (BULK_MAIL_KINDS as readonly string[]).includes(row.kind);
      if (bulk && options.onBulkFailure)
        await options.onBulkFailure(row, failure).catch((err: unknown) => {
          options.log.error({ err, mailId: row.id }, 'bounce not recorded');
        });
    }
  }

  async function drain(): Promise<number> {
    let attempted = 0;
    const sessions: Sessions = new Map();
    try {
      // Bounded: a flood of due messages is sent over several rounds, never in one endless loop.
      for (let round = 0; round < DRAIN_ROUNDS && !stopped; round += 1) {
        const batch = await claimDueMail(ctx.db, now(), CLAIM_BATCH, options.claimLeaseMs ?? CLAIM_LEASE_MS);
        if (batch.length === 0) break;
        try {
          for (const row of batch) await deliver(row, sessions);
        } finally {
          await markBulkSent(ctx.db, sessions.sent ?? [], now());
          sessions.sent = [];
        }
        attempted += batch.length;
      }
    } finally {
      for (const session of sessions.values())
        void session.then(
          (s) => s.close(),
          () => {},
        );
    }
    return attempted;
  }

  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'e-mail delivery round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void deliverDue();
        }
      });
    return running;
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void deliverDue(), POLL_INTERVAL_MS);
      timer.unref();
      void deliverDue();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
    kick() {
      if (!stopped) setImmediate(() => void deliverDue());
    },
    deliverDue,
  };
}
