import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CAMPAIGNS as C, utmSlug, type CampaignStatus } from '../../../shared/campaigns';
import { CAMPAIGN_MESSAGES as M } from '../../../shared/messages';
import {
  campaignSegmentSchema,
  type Campaign,
  type CampaignInput,
  type Throttle,
} from '../../../shared/schemas/campaigns';
import type { PageInfo } from '../../../shared/schemas/answers';
import type { Database, SessionUser } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import {
  compileTemplate,
  invalidTemplate,
  templateSourceOf,
  type Brand,
} from '../email-templates/email-templates.service';
import { sendableMembers } from '../mailing-lists/mailing-lists.service';
import type { CampaignDispatcher } from './campaign-dispatcher';
import { snapshotText } from './campaign-snapshot';
import {
  campaignPage,
  cancelUnsent,
  deleteCampaignIn,
  findCampaign,
  findCampaignView,
  findMarketingSettings,
  insertCampaign,
  listExists,
  saveThrottle,
  updateCampaignIn,
  type CampaignView,
} from './campaigns.repository';

export { createCampaignDispatcher, type CampaignDispatcher } from './campaign-dispatcher';

function toCampaign(row: CampaignView): Campaign {
  const parsed = row.segment ? campaignSegmentSchema.safeParse(JSON.parse(row.segment)) : null;
  const done = row.queued_count + row.sent_count + row.failed_count + row.cancelled_count;
  return {
    id: row.id,
    name: row.name,
    templateId: row.template_id,
    templateName: row.template_name,
    listId: row.list_id,
    listName: row.list_name,
    segment: parsed?.success ? parsed.data : null,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    status: row.status,
    scheduledAt: row.scheduled_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    waitReason: row.status === 'sending' ? row.wait_reason : null,
    progress: {
      total: row.recipients_total,
      pending: Math.max(0, row.recipients_total - done),
      queued: row.queued_count,
      sent: row.sent_count,
      failed: row.failed_count,
      cancelled: row.cancelled_count,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled'];
const DELETABLE: readonly CampaignStatus[] = ['draft', 'cancelled'];
const CANCELLABLE: readonly CampaignStatus[] = ['draft', 'scheduled', 'sending', 'paused'];

/**
 * Campaigns (docs/product/marketing.md#campaigns): drafts of a template to a list (narrowed by a lead
 * segment), scheduled or sent now, paused, resumed and cancelled; the dispatcher does the sending. Every
 * change of state is one conditional UPDATE from the states it is allowed from, so two clicks or two
 * instances cannot both make it. Another workspace's campaign is 404.
 */
export function createCampaignsService(deps: {
  db: Kysely<Database>;
  brand: () => Promise<Brand>;
  dispatcher: Pick<CampaignDispatcher, 'kick'>;
  clock: () => Date;
}) {
  const { db, clock } = deps;

  async function view(workspaceId: string, id: string): Promise<Campaign> {
    const row = await findCampaignView(db, workspaceId, id);
    if (!row) throw notFound(M.notFound);
    return toCampaign(row);
  }

  /** The template and list must be the caller's workspace's: another's id is as good as none. */
  async function assertParts(caller: SessionUser, input: CampaignInput) {
    if (!(await templateSourceOf(db, caller.workspace_id, input.templateId)))
      throw badRequest(M.templateNotFound);
    if (!(await listExists(db, caller.workspace_id, input.listId))) throw badRequest(M.listNotFound);
  }

  const columns = (input: CampaignInput) => ({
    name: input.name,
    template_id: input.templateId,
    list_id: input.listId,
    segment: input.segment ? JSON.stringify(input.segment) : null,
    utm_source: input.utmSource || 'newsletter',
    utm_medium: input.utmMedium || 'email',
    utm_campaign: input.utmCampaign || utmSlug(input.name),
  });

  /** Refuses (400, each problem named) a campaign whose template would not render, or whose list reaches no one. */
  async function assertSendable(
    caller: SessionUser,
    campaign: { template_id: string | null; list_id: string | null },
  ) {
    const source = campaign.template_id
      ? await templateSourceOf(db, caller.workspace_id, campaign.template_id)
      : null;
    if (!source) throw badRequest(M.templateNotFound);
    if (!campaign.list_id || !(await listExists(db, caller.workspace_id, campaign.list_id)))
      throw badRequest(M.listNotFound);
    const { errors } = await compileTemplate(source, await deps.brand());
    if (errors.length) throw invalidTemplate(errors);
    if ((await sendableMembers(db, caller.workspace_id, campaign.list_id, null, 1)).length === 0)
      throw badRequest(M.noRecipients);
    return source;
  }

  async function transition(
    caller: SessionUser,
    id: string,
    from: readonly CampaignStatus[],
    action: string,
    patch: Parameters<typeof updateCampaignIn>[4],
  ) {
    const now = clock().toISOString();
    if (!(await updateCampaignIn(db, caller.workspace_id, id, from, { ...patch, updated_at: now }))) {
      const row = await findCampaign(db, caller.workspace_id, id);
      if (!row) throw notFound(M.notFound);
      throw conflict(M.cannot(action, row.status));
    }
  }

  return {
    async list(caller: SessionUser, query: { page: number; status?: CampaignStatus }) {
      const offset = (query.page - 1) * C.pageSize;
      const { rows, total } = await campaignPage(db, caller.workspace_id, query.status, C.pageSize, offset);
      const info: PageInfo = pageInfo(query.page, C.pageSize, total);
      return { campaigns: rows.map(toCampaign), pageInfo: info };
    },

    get: (caller: SessionUser, id: string) => view(caller.workspace_id, id),

    async create(caller: SessionUser, input: CampaignInput) {
      await assertParts(caller, input);
      const id = randomUUID();
      const now = clock().toISOString();
      await insertCampaign(db, {
        id,
        workspace_id: caller.workspace_id,
        ...columns(input),
        status: 'draft',
        scheduled_at: null,
        started_at: null,
        finished_at: null,
        snapshot: null,
        audience_cursor: null,
        audience_done: 0,
        recipients_total: 0,
        queued_count: 0,
        sent_count: 0,
        failed_count: 0,
        cancelled_count: 0,
        wait_reason: null,
        created_by: caller.id,
        created_at: now,
        updated_at: now,
      });
      return view(caller.workspace_id, id);
    },

    async update(caller: SessionUser, id: string, input: CampaignInput) {
      await assertParts(caller, input);
      const now = clock().toISOString();
      if (
        !(await updateCampaignIn(db, caller.workspace_id, id, EDITABLE, {
          ...columns(input),
          updated_at: now,
        }))
      ) {
        if (!(await findCampaign(db, caller.workspace_id, id))) throw notFound(M.notFound);
        throw conflict(M.onlyDraftsEdited);
      }
      return view(caller.workspace_id, id);
    },

    async remove(caller: SessionUser, id: string) {
      if (await deleteCampaignIn(db, caller.workspace_id, id, DELETABLE)) return;
      if (!(await findCampaign(db, caller.workspace_id, id))) throw notFound(M.notFound);
      throw conflict(M.onlyDraftsDeleted);
    },

    /** Scheduled for `at`; the template is copied when sending starts, so edits until then go out. */
    async schedule(caller: SessionUser, id: string, at: string) {
      const when = new Date(at);
      const ahead = when.getTime() - clock().getTime();
      if (ahead < C.scheduleMinAheadMs) throw badRequest(M.scheduleTooSoon);
      if (ahead > C.scheduleMaxAheadMs) throw badRequest(M.scheduleTooFar);
      const row = await findCampaign(db, caller.workspace_id, id);
      if (!row) throw notFound(M.notFound);
      await assertSendable(caller, row);
      await transition(caller, id, EDITABLE, 'scheduled', {
        status: 'scheduled',
        scheduled_at: when.toISOString(),
      });
      return view(caller.workspace_id, id);
    },

    async sendNow(caller: SessionUser, id: string) {
      const row = await findCampaign(db, caller.workspace_id, id);
      if (!row) throw notFound(M.notFound);
      const source = await assertSendable(caller, row);
      await transition(caller, id, EDITABLE, 'sent', {
        status: 'sending',
        started_at: clock().toISOString(),
        snapshot: snapshotText(source),
      });
      deps.dispatcher.kick();
      return view(caller.workspace_id, id);
    },

    async pause(caller: SessionUser, id: string) {
      await transition(caller, id, ['sending'], 'paused', { status: 'paused' });
      return view(caller.workspace_id, id);
    },

    async resume(caller: SessionUser, id: string) {
      await transition(caller, id, ['paused'], 'resumed', { status: 'sending' });
      deps.dispatcher.kick();
      return view(caller.workspace_id, id);
    },

    /** Nothing more goes out: pending copies and queued ones the outbox has not begun are cancelled. */
    async cancel(caller: SessionUser, id: string) {
      await db.transaction().execute(async (trx) => {
        const now = clock().toISOString();
        const done = await updateCampaignIn(trx, caller.workspace_id, id, CANCELLABLE, {
          status: 'cancelled',
          finished_at: now,
          updated_at: now,
          wait_reason: null,
        });
        if (!done) {
          const row = await findCampaign(trx, caller.workspace_id, id);
          if (!row) throw notFound(M.notFound);
          throw conflict(M.cannot('cancelled', row.status));
        }
        await cancelUnsent(trx, id);
      });
      return view(caller.workspace_id, id);
    },

    async throttle(caller: SessionUser): Promise<Throttle> {
      const row = await findMarketingSettings(db, caller.workspace_id);
      return {
        perSecond: row?.per_second ?? C.perSecondDefault,
        perHour: row?.per_hour ?? C.perHourDefault,
      };
    },

    async saveThrottle(caller: SessionUser, input: Throttle): Promise<Throttle> {
      await saveThrottle(db, caller.workspace_id, input.perSecond, input.perHour, clock().toISOString());
      return input;
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
