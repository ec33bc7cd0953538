import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type {
  Database,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookRow,
  WebhooksTable,
} from '../../db/types';
import { engineOf } from '../../db/engine';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per multi-row INSERT of deliveries: 1,000 events of an import go in a few statements. */
const DELIVERY_BATCH = 200;

/** The one read every event makes: the workspace's active webhooks and their events (an index). */
export function activeWebhooksOf(db: Db, workspaceId: string): Promise<Pick<WebhookRow, 'id' | 'events'>[]> {
  return db
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('workspace_id', '=', workspaceId)
    .where('active', '=', 1)
    .execute();
}

/**
 * The workspace's deliveries waiting (queued or being sent), counted up to `ceiling`: past it the exact
 * number does not matter, and the count never reads more than that many index entries.
 */
export async function waitingDeliveries(db: Db, workspaceId: string, ceiling: number): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('status', 'in', ['queued', 'sending'])
        .limit(ceiling)
        .as('waiting'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDeliveries(db: Db, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += DELIVERY_BATCH)
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + DELIVERY_BATCH))
      .execute();
}

export function listWebhooks(db: Db, workspaceId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countWebhooks(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Integrations' overview: how many webhooks, active, and failing now. */
export async function webhookCounts(
  db: Db,
  workspaceId: string,
): Promise<{ total: number; active: number; failing: number }> {
  const rows = await db
    .selectFrom('webhooks')
    .select(['active', 'failing_since'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  return {
    total: rows.length,
    active: rows.filter((row) => row.active === 1).length,
    failing: rows.filter((row) => row.failing_since !== null).length,
  };
}

export function findWebhook(db: Db, workspaceId: string, id: string): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertWebhook(db: Db, row: Insertable<WebhooksTable>): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export async function updateWebhook(
  db: Db,
  workspaceId: string,
  id: string,
  values: Updateable<WebhooksTable>,
): Promise<void> {
  await db
    .updateTable('webhooks')
    .set(values)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteWebhook(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A webhook's log: its newest deliveries. */
export function deliveriesOf(db: Db, webhookId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findDelivery(db: Db, webhookId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** "Send again": the same row (and so the same body and event id) back in the queue, attempts anew. */
export async function requeueDelivery(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'queued', attempts: 0, next_attempt_at: now.toISOString(), locked_until: null })
    .where('id', '=', id)
    .where('status', '!=', 'sending')
    .execute();
}

/**
 * Takes up to `limit` due deliveries for this worker in one statement, as the mail outbox does
 * (docs/decisions/0006-outbox-for-mail.md): queued ones whose time has come and claims whose lease ran
 * out, of active webhooks (a test event goes to a paused one too) of workspaces that are not deleted (a
 * deleted one's wait, docs/product/workspace.md#danger-zone). On PostgreSQL `FOR UPDATE SKIP LOCKED`
 * lets instances claim side by side without ever taking the same row; SQLite has one writer, so the one
 * UPDATE is already exclusive.
 *
 * Fair between workspaces (docs/decisions/0016-webhooks.md#fairness): a workspace's deliveries take turns
 * (its oldest first), every workspace's first turn before anyone's second, and a workspace gets no more
 * turns than `perWorkspace` less what it has in flight (claimed, lease running) in any instance. A
 * workspace whose receivers are slow or failing, or that queued ten thousand events, holds at most that
 * many of the workers' slots; the others' deliveries go out beside it. Without `perWorkspace` a claim
 * takes the oldest due deliveries whoever they are.
 */
export function claimDueDeliveries(
  db: Kysely<Database>,
  now: Date,
  leaseMs: number,
  limit: number,
  testEvent: string,
  perWorkspace: number = Number.MAX_SAFE_INTEGER,
): Promise<WebhookDeliveryRow[]> {
  const nowIso = now.toISOString();
  const postgres = engineOf(db) === 'postgres';
  return db
    .with('due', (qb) =>
      qb
        .selectFrom('webhook_deliveries as d')
        // The workspace's deliveries in flight now, in every instance.
        .leftJoin(
          (w) =>
            w
              .selectFrom('webhook_deliveries as b')
              .select(['b.workspace_id', (f) => f.fn.countAll<number>().as('n')])
              .where('b.status', '=', 'sending')
              .where('b.locked_until', '>=', nowIso)
              .groupBy('b.workspace_id')
              .as('busy'),
          (join) => join.onRef('busy.workspace_id', '=', 'd.workspace_id'),
        )
        .select([
          'd.id',
          'd.next_attempt_at',
          sql<number>`row_number() over (partition by d.workspace_id order by d.next_attempt_at, d.id)`.as(
            'turn',
          ),
          sql<number>`coalesce(busy.n, 0)`.as('busy'),
        ])
        .where((w) =>
          w.or([
            w.and([w('d.status', '=', 'queued'), w('d.next_attempt_at', '<=', nowIso)]),
            w.and([w('d.status', '=', 'sending'), w('d.locked_until', '<', nowIso)]),
          ]),
        )
        .where((w) =>
          w.or([
            w('d.event', '=', testEvent),
            w(
              'd.webhook_id',
              'in',
              w
                .selectFrom('webhooks')
                .select('webhooks.id')
                .where('webhooks.active', '=', 1)
                // Held after failures in a row: its deliveries wait, untried (a test event still goes).
                .where((h) =>
                  h.or([h('webhooks.held_until', 'is', null), h('webhooks.held_until', '<=', nowIso)]),
                ),
            ),
          ]),
        )
        .where('d.webhook_id', 'in', (w) =>
          w
            .selectFrom('webhooks')
            .innerJoin('workspaces', 'workspaces.id', 'webhooks.workspace_id')
            .select('webhooks.id')
            .where('workspaces.deleted_at', 'is', null),
        ),
    )
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: 'sending',
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries as c')
        .select('c.id')
        .where('c.id', 'in', (w) =>
          w
            .selectFrom('due')
            .select('due.id')
            // A workspace's own turns, up to what it may still have in flight; the oldest first across all.
            .where((x) => x('due.turn', '<=', sql<number>`${perWorkspace} - due.busy`))
            .orderBy('due.turn')
            .orderBy('due.next_attempt_at')
            .limit(limit),
        )
        // Checked again on the locked row: a delivery another instance claimed meanwhile is no longer due.
        .where((w) =>
          w.or([
            w.and([w('c.status', '=', 'queued'), w('c.next_attempt_at', '<=', nowIso)]),
            w.and([w('c.status', '=', 'sending'), w('c.locked_until', '<', nowIso)]),
          ]),
        )
        .$if(postgres, (q) => q.forUpdate('c').skipLocked()),
    )
    .returningAll()
    .execute();
}

export function webhooksByIds(db: Db, ids: string[]): Promise<WebhookRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhooks').selectAll().where('id', 'in', ids).execute();
}

/** The outcome of one attempt, written only while this worker still holds the claim. */
export async function recordAttempt(
  db: Db,
  row: WebhookDeliveryRow,
  values: Updateable<WebhookDeliveriesTable>,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: null, ...values })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', row.locked_until)
    .execute();
}

/** A success: the webhook is no longer failing, nor held. */
export async function clearFailing(db: Db, webhookId: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: null, failures_in_a_row: 0, held_until: null })
    .where('id', '=', webhookId)
    .where((w) =>
      w.or([
        w('failing_since', 'is not', null),
        w('failures_in_a_row', '>', 0),
        w('held_until', 'is not', null),
      ]),
    )
    .execute();
}

/**
 * A failure: the webhook fails since now (unless it already did) and one more failure in a row counts;
 * answers how many in a row now.
 */
export async function recordFailure(db: Db, webhookId: string, now: Date): Promise<number> {
  const row = await db
    .updateTable('webhooks')
    .set((eb) => ({
      failures_in_a_row: eb('failures_in_a_row', '+', 1),
      failing_since: eb.fn.coalesce('failing_since', eb.val(now.toISOString())),
    }))
    .where('id', '=', webhookId)
    .returning('failures_in_a_row')
    .executeTakeFirst();
  return Number(row?.failures_in_a_row ?? 0);
}

/** Holds the webhook's deliveries until `until`. */
export async function holdWebhook(db: Db, webhookId: string, until: Date): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ held_until: until.toISOString() })
    .where('id', '=', webhookId)
    .execute();
}

/**
 * Pauses the webhook when it has failed since `cutoff` or earlier and is still active: one conditional
 * UPDATE, so of several instances only one pauses it (and tells its owner). Answers whether this did.
 */
export async function pauseIfFailingSince(
  db: Db,
  webhookId: string,
  cutoff: Date,
  reason: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ active: 0, paused_reason: reason, updated_at: now.toISOString() })
    .where('id', '=', webhookId)
    .where('active', '=', 1)
    .where('failing_since', '<=', cutoff.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Finished deliveries older than `before` leave the log (and the table). */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['delivered', 'failed'])
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
