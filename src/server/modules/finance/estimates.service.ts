import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { amountInWords } from '../../../shared/amount-in-words';
import {
  HOUR_UNITS,
  estimateNumber,
  estimateState,
  isEstimateOpen,
  type StoredEstimateStatus,
} from '../../../shared/estimates';
import { invoiceTotals, mulDivRound, type TaxScheme, type Totals } from '../../../shared/invoice-totals';
import { ESTIMATE_MESSAGES as M, PROJECT_MESSAGES } from '../../../shared/messages';
import type {
  EstimateAcceptInput,
  EstimateConversionInput,
  EstimateInput,
  EstimateListQuery,
  EstimateView,
} from '../../../shared/schemas/estimates';
import type { FinanceSettings, InvoiceInput, InvoiceLineInput } from '../../../shared/schemas/finance';
import type { ConversionProjectInput } from '../../../shared/schemas/projects';
import type { Database, EstimateRow, SessionUser } from '../../db/types';
import { takeNextNumber } from '../../db/number-sequences';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import { recordActivity } from '../activity/activity.service';
import { findClient } from '../clients/clients.service';
import { findProject } from '../projects/projects.service';
import { lineInputOf, lineRows, totalsLine } from './document-lines';
import {
  claimEstimateConversion,
  deleteEstimate,
  estimateLinesOf,
  estimateOutcome,
  findEstimate,
  insertEstimate,
  listEstimates,
  replaceEstimateLines,
  updateEstimate,
} from './estimates.repository';
import { settingsView } from './finance-settings';
import { documentBasis } from './document-basis';
import type { InvoiceParty } from './invoice-document';
import { findFinanceSettings, workspaceName } from './invoices.repository';

type Trx = Transaction<Database>;
const num = (value: number | string): number => Number(value);

/**
 * How an accepted estimate becomes a project and a deposit invoice: the Projects module's own creation and
 * the invoices' own draft, run in the conversion's transaction (handed in by the app).
 */
export interface EstimateOutcomes {
  createProjectIn(
    trx: Trx,
    caller: SessionUser,
    client: { id: string; name: string; currency: string },
    input: ConversionProjectInput,
  ): Promise<string>;
  createDraftInvoiceIn(trx: Trx, caller: SessionUser, input: InvoiceInput): Promise<string>;
}

/**
 * Estimates (docs/product/finance.md#estimates): a quote to a client, editable until the client answers;
 * accepted (marked by staff, saying who and when) it is locked, and becomes a project with its budget and,
 * on request, a draft deposit invoice. Every caller passed the Finance guard; another workspace's ids 404.
 */
export function createEstimatesService(
  db: Kysely<Database>,
  outcomes: EstimateOutcomes,
  clock: () => Date = () => new Date(),
) {
  const today = () => clock().toISOString().slice(0, 10);

  async function settingsOf(trx: Kysely<Database> | Trx, workspaceId: string): Promise<FinanceSettings> {
    return settingsView(await findFinanceSettings(trx, workspaceId), await workspaceName(trx, workspaceId));
  }

  /** The row's columns from the form: the client, the parties as printed now, the scheme and totals. */
  async function columnsOf(trx: Trx, caller: SessionUser, input: EstimateInput) {
    const client = await findClient(trx, caller.workspace_id, input.clientId);
    if (!client) throw badRequest(M.clientRequired);
    const settings = await settingsOf(trx, caller.workspace_id);
    const { totals, columns } = await documentBasis(trx, settings, client, input);
    return {
      totals,
      columns: {
        ...columns,
        issue_date: input.issueDate,
        valid_until: input.validUntil,
        updated_at: clock().toISOString(),
      },
    };
  }

  const writeLines = (trx: Trx, workspaceId: string, id: string, lines: InvoiceLineInput[], totals: Totals) =>
    replaceEstimateLines(
      trx,
      id,
      lineRows(workspaceId, lines, totals).map((row) => ({ ...row, estimate_id: id })),
    );

  async function view(trx: Kysely<Database> | Trx, row: EstimateRow): Promise<EstimateView> {
    const [lines, client, outcome] = await Promise.all([
      estimateLinesOf(trx, row.id),
      findClient(trx, row.workspace_id, row.client_id),
      estimateOutcome(trx, row),
    ]);
    const totals = invoiceTotals(
      lines.map((line) => totalsLine(lineInputOf(line))),
      row.scheme as TaxScheme,
    );
    return {
      _id: row.id,
      number: row.number,
      status: row.status,
      state: estimateState({ status: row.status, validUntil: row.valid_until }, today()),
      clientId: row.client_id,
      clientName: client?.name ?? '',
      issueDate: row.issue_date,
      validUntil: row.valid_until,
      currency: row.currency,
      scheme: row.scheme as TaxScheme,
      placeOfSupply: row.place_of_supply,
      seller: JSON.parse(row.seller) as InvoiceParty,
      buyer: JSON.parse(row.buyer) as InvoiceParty,
      lines: lines.map((line) => ({ _id: line.id, ...lineInputOf(line), net: num(line.net) })),
      totals,
      amountInWords: amountInWords(totals.total, row.currency),
      notes: row.notes,
      terms: row.terms,
      sentAt: row.sent_at,
      acceptance:
        row.status === 'accepted' && row.accepted_at
          ? {
              acceptedBy: row.accepted_by ?? '',
              acceptedOn: row.accepted_on ?? row.accepted_at.slice(0, 10),
              note: row.accepted_note,
              recordedBy: row.accepted_recorded_by_name,
              recordedAt: row.accepted_at,
              via: row.accepted_via,
              ip: row.accepted_ip,
              pdfSha256: row.accepted_pdf_sha256,
            }
          : null,
      declinedAt: row.declined_at,
      declineReason: row.decline_reason,
      declinedVia: row.declined_via,
      declinedName: row.declined_name,
      project: outcome.project
        ? { _id: outcome.project.id, label: `${outcome.project.code} ${outcome.project.name}` }
        : null,
      depositInvoice: outcome.invoice
        ? { _id: outcome.invoice.id, label: outcome.invoice.number ?? 'Draft invoice' }
        : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async function mustFind(trx: Kysely<Database> | Trx, caller: SessionUser, id: string, forWrite = false) {
    const row = await findEstimate(trx, caller.workspace_id, id, forWrite);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function mustFindOpen(trx: Trx, caller: SessionUser, id: string) {
    const row = await mustFind(trx, caller, id, true);
    if (!isEstimateOpen(row.status)) throw conflict(M.locked);
    return row;
  }

  const activity = (
    trx: Trx,
    caller: SessionUser,
    kind: Parameters<typeof recordActivity>[1]['kind'],
    action: string,
  ) => recordActivity(trx, { workspaceId: caller.workspace_id, userId: caller.id, kind, action });

  /** The client's answer, recorded once: a second answer (or one to a draft never sent) is refused. */
  async function answer(
    caller: SessionUser,
    id: string,
    status: Extract<StoredEstimateStatus, 'accepted' | 'declined'>,
    changes: Partial<EstimateRow>,
  ) {
    return db.transaction().execute(async (trx) => {
      const row = await mustFindOpen(trx, caller, id);
      if (row.status !== 'sent') throw conflict(M.notSent);
      const now = clock().toISOString();
      const answered = { ...row, ...changes, status, updated_at: now };
      await updateEstimate(trx, id, { ...changes, status, updated_at: now });
      await activity(
        trx,
        caller,
        status === 'accepted' ? 'estimate-accepted' : 'estimate-declined',
        `${caller.username} marked estimate ${row.number} ${status}`,
      );
      return {
        message: status === 'accepted' ? M.accepted : M.declined,
        estimate: await view(trx, answered),
      };
    });
  }

  return {
    async list(caller: SessionUser, query: EstimateListQuery) {
      const { rows, total } = await listEstimates(db, caller.workspace_id, query, today());
      return {
        estimates: rows.map((row) => ({
          _id: row.id,
          number: row.number,
          state: estimateState({ status: row.status, validUntil: row.valid_until }, today()),
          clientId: row.client_id,
          clientName: row.client_name,
          issueDate: row.issue_date,
          validUntil: row.valid_until,
          currency: row.currency,
          total: num(row.total),
          projectId: row.project_id,
        })),
        pageInfo: pageInfo(query.page, query.limit, total),
      };
    },

    async get(caller: SessionUser, id: string): Promise<EstimateView> {
      return view(db, await mustFind(db, caller, id));
    },

    /** The same view for the link in the client's e-mail, which names the estimate and not a person. */
    viewOf: (row: EstimateRow) => view(db, row),

    async create(caller: SessionUser, input: EstimateInput) {
      return db.transaction().execute(async (trx) => {
        const id = randomUUID();
        const { columns, totals } = await columnsOf(trx, caller, input);
        const number = estimateNumber(await takeNextNumber(trx, caller.workspace_id, 'estimate'));
        const now = clock().toISOString();
        await insertEstimate(trx, {
          id,
          workspace_id: caller.workspace_id,
          number,
          status: 'draft',
          accepted_note: '',
          accepted_recorded_by_name: '',
          decline_reason: '',
          ...columns,
          created_by: caller.id,
          created_at: now,
        });
        await writeLines(trx, caller.workspace_id, id, input.lines, totals);
        return { message: M.created, estimate: await view(trx, await mustFind(trx, caller, id)) };
      });
    },

    /** Until the client answers; a sent estimate stays sent (send it again to show the client the change). */
    async update(caller: SessionUser, id: string, input: EstimateInput) {
      return db.transaction().execute(async (trx) => {
        await mustFindOpen(trx, caller, id);
        const { columns, totals } = await columnsOf(trx, caller, input);
        await updateEstimate(trx, id, columns);
        await writeLines(trx, caller.workspace_id, id, input.lines, totals);
        return { message: M.updated, estimate: await view(trx, await mustFind(trx, caller, id)) };
      });
    },

    async remove(caller: SessionUser, id: string) {
      await db.transaction().execute(async (trx) => {
        const row = await mustFindOpen(trx, caller, id);
        await deleteEstimate(trx, id);
        await activity(trx, caller, 'estimate-deleted', `${caller.username} deleted estimate ${row.number}`);
      });
      return { success: true as const, message: M.deleted };
    },

    accept: (caller: SessionUser, id: string, input: EstimateAcceptInput) =>
      answer(caller, id, 'accepted', {
        accepted_by: input.acceptedBy,
        accepted_on: input.acceptedOn ?? today(),
        accepted_note: input.note,
        accepted_recorded_by: caller.id,
        accepted_recorded_by_name: caller.username,
        accepted_at: clock().toISOString(),
      }),

    decline: (caller: SessionUser, id: string, reason: string) =>
      answer(caller, id, 'declined', { declined_at: clock().toISOString(), decline_reason: reason }),

    /**
     * An accepted estimate becomes a project once: its money budget the estimate's taxable value and its
     * hours budget the estimate's hours, unless the form says otherwise; with `depositBp`, a draft invoice
     * for that share of each tax group, so the deposit carries the same tax as the work.
     */
    async convert(caller: SessionUser, id: string, input: EstimateConversionInput) {
      return db
        .transaction()
        .execute(async (trx) => {
          const row = await mustFind(trx, caller, id, true);
          if (row.status !== 'accepted') throw conflict(M.notAccepted);
          if (row.project_id) throw conflict(M.alreadyConverted);
          const client = await findClient(trx, caller.workspace_id, row.client_id);
          if (!client) throw notFound(M.notFound);
          const lines = (await estimateLinesOf(trx, id)).map(lineInputOf);
          const totals = invoiceTotals(lines.map(totalsLine), row.scheme as TaxScheme);
          const hours = lines
            .filter((line) => HOUR_UNITS.includes(line.unit.trim().toLowerCase()))
            .reduce((sum, line) => sum + line.quantityMilli, 0);
          const projectId = await outcomes.createProjectIn(
            trx,
            caller,
            { id: client.id, name: client.name, currency: client.currency },
            {
              ...input.project,
              budgetAmount: input.project.budgetAmount ?? totals.subtotal,
              budgetMinutes: input.project.budgetMinutes ?? (hours ? Math.round((hours * 60) / 1000) : null),
            },
          );
          const depositId = input.depositBp
            ? await outcomes.createDraftInvoiceIn(
                trx,
                caller,
                depositInvoice(row, lines, totals, input.depositBp, projectId, today()),
              )
            : null;
          const claimed = await claimEstimateConversion(trx, id, {
            project_id: projectId,
            deposit_invoice_id: depositId,
            updated_at: clock().toISOString(),
          });
          if (!claimed) throw conflict(M.alreadyConverted);
          const project = await findProject(trx, caller.workspace_id, projectId);
          await activity(
            trx,
            caller,
            'estimate-converted',
            `${caller.username} made project ${project?.code ?? ''} from estimate ${row.number}`,
          );
          const code = project?.code ?? '';
          return {
            message: depositId ? M.convertedWithDeposit(code) : M.converted(code),
            estimate: await view(trx, await mustFind(trx, caller, id)),
          };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(PROJECT_MESSAGES.codeTaken(input.project.code));
          throw error;
        });
    },
  };
}

/**
 * The deposit as invoice lines: `depositBp` of each tax group's taxable value, one line a group, so a 30 %
 * deposit on work at 18 % and an exempt part is taxed exactly as that work.
 */
function depositInvoice(
  row: EstimateRow,
  lines: InvoiceLineInput[],
  totals: Totals,
  depositBp: number,
  projectId: string,
  issueDate: string,
): InvoiceInput {
  const share = `${depositBp / 100}%`;
  const depositLines: InvoiceLineInput[] = totals.groups
    .map((group) => {
      const like = lines.find((line) => line.category === group.category && line.rateBp === group.rateBp);
      return {
        description: `Deposit of ${share} on estimate ${row.number}`,
        sac: like?.sac ?? '',
        quantityMilli: 1000,
        unit: 'item',
        unitPrice: mulDivRound(group.base, depositBp, 10_000),
        discount: 0,
        category: group.category,
        rateBp: group.rateBp,
        exemptReason: like?.exemptReason ?? '',
        inclusive: false,
      };
    })
    .filter((line) => line.unitPrice > 0);
  return {
    clientId: row.client_id,
    projectId,
    issueDate,
    dueDate: null,
    placeOfSupply: row.place_of_supply,
    lines: depositLines,
    notes: `Deposit on estimate ${row.number}.`,
    terms: row.terms,
  };
}

export type EstimatesService = ReturnType<typeof createEstimatesService>;
