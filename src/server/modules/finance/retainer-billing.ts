import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { lastDayOf, monthLabel, previousMonth } from '../../../shared/finance';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { retainerMonth } from '../../../shared/projects';
import type { InvoiceLineInput, InvoiceView } from '../../../shared/schemas/finance';
import type { Database, ProjectRow, SessionUser } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { createPollingJob } from '../../lib/polling-job';
import { findProject, minutesByMonth } from '../projects/projects.service';
import { findUserById } from '../users/users.service';
import type { InvoiceDelivery } from './invoice-delivery';
import { claimBillableTime, findFinanceSettings } from './invoices.repository';
import type { InvoicesService } from './invoices.service';
import { claimRetainerMonth, retainersToBill, workspaceAdminId } from './retainer-billing.repository';

/** Looks every hour (and at start); a month is billed from the first hour of the next one. */
const POLL_INTERVAL_MS = 60 * 60 * 1000;
const ROUND_SIZE = 100;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Thrown inside the draft's transaction to roll it back when the month was billed meanwhile. */
class MonthAlreadyBilled extends Error {}

export interface RetainerBilling {
  /** A month's invoice made now by a person (a draft, never sent): POST /api/projects/:id/retainer-invoice. */
  billMonth(
    caller: SessionUser,
    projectId: string,
    month: string,
  ): Promise<{ message: string; invoice: InvoiceView }>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One round (tests drive it): how many invoices were made. */
  sweep(): Promise<number>;
}

/**
 * Monthly retainer invoices (docs/product/finance.md#retainer-invoices): when a month ends, each active
 * retainer set to invoice itself gets a draft (or a finalised, e-mailed invoice) for its fee and the hours
 * it ran past its month's hours and rollover, at the project's rate. The month's approved, billable time is
 * marked billed by that invoice so "Invoice project" never bills it again; the month is claimed in the same
 * transaction, so no instance, and no person, bills a month twice.
 */
export function createRetainerBilling(
  db: Kysely<Database>,
  deps: {
    invoices: InvoicesService;
    delivery: InvoiceDelivery;
    clock: () => Date;
    log: FastifyBaseLogger;
    pollMs?: number;
  },
): RetainerBilling {
  const today = () => deps.clock().toISOString().slice(0, 10);

  /** The fee and the overage as lines, at the workspace's default tax rate and SAC. */
  async function linesFor(project: ProjectRow, month: string): Promise<InvoiceLineInput[]> {
    const settings = await findFinanceSettings(db, project.workspace_id);
    const tax = {
      sac: settings?.country === 'IN' ? settings.default_sac : '',
      category: 'standard' as const,
      rateBp: settings?.default_rate_bp ?? 1800,
      exemptReason: '',
      inclusive: false,
      discount: 0,
    };
    const included = project.retainer_minutes ?? 0;
    const used = await minutesByMonth(db, project.id);
    const first = [project.start_date?.slice(0, 7) ?? month, ...used.keys()].sort()[0]!;
    const standing = retainerMonth(used, included, project.retainer_rollover === 1, first, month);
    const label = monthLabel(month);
    const lines: InvoiceLineInput[] = [
      {
        description: `${project.code} ${project.name}: retainer for ${label} (${included / 60} hours a month)`,
        quantityMilli: 1000,
        unit: 'month',
        unitPrice: Number(project.retainer_fee ?? 0),
        ...tax,
      },
    ];
    const rate = Number(project.hourly_rate ?? 0);
    if (standing.overageMinutes > 0 && rate > 0)
      lines.push({
        description: `${project.code} ${project.name}: hours beyond the retainer in ${label}`,
        quantityMilli: Math.round((standing.overageMinutes * 1000) / 60),
        unit: 'hrs',
        unitPrice: rate,
        ...tax,
      });
    return lines;
  }

  /** Makes the month's draft as `actor`; null when the month was already billed (by anyone). */
  async function draftMonth(actor: SessionUser, project: ProjectRow, month: string): Promise<string | null> {
    const lines = await linesFor(project, month);
    const now = deps.clock().toISOString();
    return db
      .transaction()
      .execute(async (trx) => {
        const id = await deps.invoices.createDraftIn(trx, actor, {
          clientId: project.client_id,
          projectId: project.id,
          issueDate: today(),
          dueDate: null,
          placeOfSupply: '',
          lines,
          notes: `Monthly retainer for ${monthLabel(month)}.`,
          terms: '',
        });
        const claimed = await claimRetainerMonth(trx, {
          project_id: project.id,
          month,
          workspace_id: project.workspace_id,
          invoice_id: id,
          created_at: now,
        });
        if (!claimed) throw new MonthAlreadyBilled();
        await claimBillableTime(trx, project.id, id, lastDayOf(month), now);
        return id;
      })
      .catch((error: unknown) => {
        if (error instanceof MonthAlreadyBilled) return null;
        throw error;
      });
  }

  async function billMonth(caller: SessionUser, projectId: string, month: string) {
    if (!MONTH.test(month) || month > today().slice(0, 7)) throw badRequest(M.retainerMonthInvalid);
    const project = await findProject(db, caller.workspace_id, projectId);
    if (!project) throw notFound(M.projectNotFound);
    if (project.billing_type !== 'retainer' || project.retainer_fee === null)
      throw conflict(M.retainerNotBillable);
    const id = await draftMonth(caller, project, month);
    if (!id) throw conflict(M.retainerMonthBilled);
    return { message: M.retainerDrafted(monthLabel(month)), invoice: await deps.invoices.get(caller, id) };
  }

  /** Who the run acts as: the project's manager, else the workspace's admin. */
  async function actorFor(workspaceId: string, managerId: string | null): Promise<SessionUser | undefined> {
    const manager = managerId ? await findUserById(db, managerId) : undefined;
    if (manager && manager.workspace_id === workspaceId && manager.status === 'Active') return manager;
    const admin = await workspaceAdminId(db, workspaceId);
    return admin ? findUserById(db, admin.id) : undefined;
  }

  async function sweep(): Promise<number> {
    const month = previousMonth(today().slice(0, 7));
    const due = await retainersToBill(db, month, lastDayOf(month), ROUND_SIZE);
    let made = 0;
    for (const row of due) {
      const actor = await actorFor(row.workspace_id, row.manager_id);
      const project = actor ? await findProject(db, row.workspace_id, row.id) : undefined;
      if (!actor || !project) continue;
      const id = await draftMonth(actor, project, month);
      if (!id) continue;
      made += 1;
      if (row.retainer_invoicing !== 'send') continue;
      // Sending needs the tax profile and an address; without them the invoice waits, final or draft.
      try {
        await deps.invoices.finalise(actor, id);
        await deps.delivery.send(actor, id, { to: '', message: '' });
      } catch (error) {
        deps.log.warn(
          { projectId: row.id, month, err: error },
          'a retainer invoice was made but could not be sent',
        );
      }
    }
    return made;
  }

  const job = createPollingJob(
    deps.pollMs ?? POLL_INTERVAL_MS,
    async () => {
      const made = await sweep();
      if (made) deps.log.info({ made }, 'retainer invoices made');
    },
    (error) => deps.log.warn({ err: error }, 'the retainer invoice run failed'),
  );
  return { billMonth, start: job.start, stop: job.stop, sweep };
}
