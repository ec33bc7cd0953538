import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ImapFlow } from 'imapflow';
import { BOUNCE_MESSAGES as M } from '../../../shared/messages';
import { BOUNCES } from '../../../shared/bounces';
import type { BounceMailboxRow, Database } from '../../db/types';
import type { SecretBox } from '../../secrets/secret-box';
import {
  AddressRefused,
  isLoopbackAddress,
  resolveAllowedAddresses,
  type LookupAll,
} from '../../lib/address-guard';
import { recordBounce } from './bounce-rules';
import { parseReport } from './report-parsing';
import {
  claimMailboxCheck,
  dueMailboxes,
  finishMailboxCheck,
  recordMailboxProgress,
} from './bounces.repository';
import { loadModule } from '../../lib/load-module';

/** Where a mailbox may be reached: the same rules as SMTP (ALLOW_PRIVATE_SMTP, SMTP_ALLOW_PLAINTEXT_LOOPBACK). */
export interface MailboxNetworkRules {
  allowPrivate: boolean;
  allowPlaintextLoopback: boolean;
  lookup?: LookupAll;
}

export interface MailboxCheck {
  /** Messages read (reports or not). */
  read: number;
  /** Bounces and complaints recorded from them. */
  recorded: number;
  error: string | null;
}

export interface BounceMailboxReader {
  /**
   * Reads the workspace's new messages now (tests drive it directly). Null when another check holds the
   * lease, or, without `force`, when the last check is recent.
   */
  checkMailbox(workspaceId: string, options?: { force?: boolean }): Promise<MailboxCheck | null>;
  /** Checks every mailbox whose turn has come; answers how many were checked. */
  checkDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** How often each instance looks for due mailboxes; each mailbox is read every BOUNCES.checkEveryMs. */
const POLL_INTERVAL_MS = 60_000;
const MAILBOXES_PER_ROUND = 20;

class CheckFailure extends Error {}

/**
 * The bounce mailbox reader (docs/product/marketing.md#the-bounce-mailbox): for each workspace with a
 * mailbox, one instance at a time (a lease), the messages after the last UID read are parsed as delivery
 * or complaint reports, recorded by the bounce rules, and marked \Seen. Nothing is ever deleted or moved.
 */
export function createBounceMailboxReader(deps: {
  db: Kysely<Database>;
  box: SecretBox;
  rules: MailboxNetworkRules;
  clock: () => Date;
  log: FastifyBaseLogger;
}): BounceMailboxReader {
  const { db, box, rules, clock, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function connect(row: BounceMailboxRow): Promise<ImapFlow> {
    let pass: string;
    try {
      pass = box.open(row.pass_sealed);
    } catch {
      throw new CheckFailure(M.imapUnreadable);
    }
    let address: string;
    try {
      address = (await resolveAllowedAddresses(row.host, rules.allowPrivate, rules.lookup))[0]!.address;
    } catch (error) {
      if (!(error instanceof AddressRefused)) throw error;
      throw new CheckFailure(
        error.reason === 'private' ? M.imapPrivate(row.host) : M.imapHostNotFound(row.host),
      );
    }
    const secure = row.secure === 1;
    // The password travels encrypted: TLS from the first byte, or a STARTTLS the server must accept; only
    // a loopback server may be spoken to in the clear, and only when SMTP may be.
    const plaintext = !secure && rules.allowPlaintextLoopback && isLoopbackAddress(address);
    // Imported on the first check, not at start: most instances read no mailbox (docs/architecture.md#start-up).
    const { ImapFlow } = await loadModule<typeof import('imapflow')>('imapflow');
    const client = new ImapFlow({
      // The address checked, so DNS rebinding cannot swap in another; the name for SNI and the certificate.
      host: address,
      servername: row.host,
      port: row.port,
      secure,
      doSTARTTLS: secure ? undefined : !plaintext,
      tls: { servername: row.host },
      auth: { user: row.auth_user, pass },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: BOUNCES.imapTimeoutMs,
      greetingTimeout: BOUNCES.imapTimeoutMs,
      socketTimeout: BOUNCES.imapTimeoutMs,
    });
    client.on('error', () => {}); // a dropped connection fails the command in progress
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw describeImapError(error, row);
    }
    return client;
  }

  async function read(row: BounceMailboxRow, lease: string): Promise<Omit<MailboxCheck, 'error'>> {
    const client = await connect(row);
    let read = 0;
    let recorded = 0;
    try {
      let lock;
      try {
        lock = await client.getMailboxLock(row.folder);
      } catch {
        throw new CheckFailure(M.imapFolder(row.folder));
      }
      try {
        const mailbox = client.mailbox;
        const uidValidity = String(mailbox ? mailbox.uidValidity : '');
        // A new UIDVALIDITY numbers the folder afresh: read it from the start (reports already recorded count once).
        const after = row.uid_validity === uidValidity ? row.last_uid : 0;
        const uids = ((await client.search({ uid: `${after + 1}:*` }, { uid: true })) || [])
          .filter((uid) => uid > after)
          .sort((a, b) => a - b)
          .slice(0, BOUNCES.messagesPerCheck);
        for (const uid of uids) {
          if (stopped) break;
          const meta = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
          if (meta && (meta.size ?? 0) <= BOUNCES.messageMaxBytes) {
            const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
            if (message && message.source) recorded += await recordReports(row.workspace_id, message.source);
          }
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          await recordMailboxProgress(db, row.workspace_id, uidValidity, uid, lease);
          read += 1;
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return { read, recorded };
  }

  async function recordReports(workspaceId: string, source: Buffer): Promise<number> {
    let report;
    try {
      report = await parseReport(source);
    } catch {
      return 0; // an unreadable message is no report
    }
    if (report.type === 'none') return 0;
    let recorded = 0;
    for (const bounce of report.bounces) {
      const outcome = await recordBounce(db, { workspaceId, source: report.type, ...bounce }, clock());
      if (outcome === 'recorded') recorded += 1;
    }
    return recorded;
  }

  async function checkMailbox(workspaceId: string, options: { force?: boolean } = {}) {
    const now = clock();
    const lease = new Date(now.getTime() + BOUNCES.checkLeaseMs).toISOString();
    const dueBefore = options.force ? null : new Date(now.getTime() - BOUNCES.checkEveryMs).toISOString();
    const row = await claimMailboxCheck(db, workspaceId, now.toISOString(), lease, dueBefore);
    if (!row) return null;
    let result: Omit<MailboxCheck, 'error'> = { read: 0, recorded: 0 };
    let error: string | null = null;
    try {
      result = await read(row, lease);
    } catch (caught) {
      error = caught instanceof CheckFailure ? caught.message : M.imapUnknown;
      if (!(caught instanceof CheckFailure))
        log.warn({ err: caught, workspaceId }, 'bounce mailbox check failed');
    }
    await finishMailboxCheck(db, workspaceId, clock().toISOString(), error, lease);
    return { ...result, error };
  }

  async function sweep(): Promise<number> {
    const now = clock();
    const due = await dueMailboxes(
      db,
      new Date(now.getTime() - BOUNCES.checkEveryMs).toISOString(),
      MAILBOXES_PER_ROUND,
    );
    let checked = 0;
    for (const workspaceId of due) {
      if (stopped) break;
      if (await checkMailbox(workspaceId)) checked += 1;
    }
    return checked;
  }

  function checkDue(): Promise<number> {
    running ??= sweep()
      .catch((error: unknown) => {
        log.error({ err: error }, 'bounce mailbox round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    checkMailbox,
    checkDue,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void checkDue(), POLL_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** imapflow's failures in words the person who typed the settings can act on. */
function describeImapError(error: unknown, row: BounceMailboxRow): CheckFailure {
  const e = (error ?? {}) as { authenticationFailed?: boolean; code?: string; message?: string };
  const text = e.message ?? '';
  if (e.authenticationFailed) return new CheckFailure(M.imapAuth);
  if (/starttls/i.test(text)) return new CheckFailure(M.imapNoStartTls(row.host));
  if (e.code === 'ENOTFOUND' || /ENOTFOUND|EAI_AGAIN/.test(text))
    return new CheckFailure(M.imapHostNotFound(row.host));
  return new CheckFailure(M.imapConnect(row.host, row.port));
}
