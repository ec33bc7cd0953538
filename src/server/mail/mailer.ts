import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { SecretBox } from '../secrets/secret-box';
import type { MailConfig, MailContext } from './transport';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker';
import type { MailOutboxRow } from '../db/types';
import type { SmtpFailure } from './smtp-failure';

/** What the modules that send mail share: the context, the worker, the clock and link building. */
export interface Mailer extends MailContext {
  worker: OutboxWorker;
  now(): Date;
  /** The site's name as mail signs it: the published Web Settings' (docs/product/web-settings.md), else SITE_NAME. */
  siteName(): Promise<string>;
  /**
   * An absolute link on the configured public origin (SITE_URL), never on the request's Host or
   * X-Forwarded-Host: a reset link pointing at an attacker's host would hand them the token.
   */
  link(path: string, query: Record<string, string>): string;
}

export function createMailer(deps: {
  db: Kysely<Database>;
  box: SecretBox;
  config: MailConfig;
  clock?: () => Date;
  log: FastifyBaseLogger;
  /** The live site name; without it, the configured one. */
  siteName?: () => Promise<string>;
  /** Bulk mail's failed attempts go to the bounce rules (docs/product/marketing.md#bounces-and-complaints). */
  onBulkFailure?: (row: MailOutboxRow, failure: SmtpFailure) => Promise<void>;
}): Mailer {
  const ctx: MailContext = { db: deps.db, box: deps.box, config: deps.config };
  return {
    ...ctx,
    worker: createOutboxWorker(ctx, {
      clock: deps.clock,
      log: deps.log,
      claimLeaseMs: deps.config.workerLeaseMs,
      onBulkFailure: deps.onBulkFailure,
    }),
    now: deps.clock ?? (() => new Date()),
    siteName: deps.siteName ?? (async () => deps.config.siteName),
    link(path, query) {
      const url = new URL(path, deps.config.siteUrl);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.toString();
    },
  };
}
